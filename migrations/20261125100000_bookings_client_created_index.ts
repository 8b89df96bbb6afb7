import type { Knex } from 'knex';

/** A client's bookings are listed newest first (/bookings, dashboard), as the provider's already are. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX bookings_client_id_created_at_index ON bookings (client_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX bookings_client_id_created_at_index');
}
