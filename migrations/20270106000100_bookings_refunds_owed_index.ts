import type { Knex } from 'knex';

/**
 * The provider's to-do "refunds owed" (src/models/bookings/todos.ts refundsOwed) reads the few bookings with
 * a refund decided after a dispute, the longest waiting first. Without an index holding only those it read
 * every booking of the provider (2,000 for the benchmark's busy provider: 10 ms a dashboard, most of its
 * database time).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX bookings_provider_refunds_owed_idx ON bookings (provider_id, updated_at, id) WHERE dispute_refund_amount > 0',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX bookings_provider_refunds_owed_idx');
}
