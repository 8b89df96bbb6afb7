import type { Knex } from 'knex';

/**
 * A provider's requests to answer, oldest first (the dashboard's "Richieste da rispondere",
 * src/models/bookings/todos.ts): without an index of the pending ones the list walked the provider's
 * bookings from the oldest, reading each from the table, past every one already answered. This index holds
 * only the pending bookings, which a booking leaves when it is answered.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "CREATE INDEX bookings_provider_pending_idx ON bookings (provider_id, created_at, id) WHERE status = 'pending'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX bookings_provider_pending_idx');
}
