import type { Knex } from 'knex';

/**
 * The job that moves confirmed bookings to "In Corso" at their start looks for confirmed bookings by date:
 * a partial index holds only those (a small share of the table), so its run reads a few entries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX bookings_confirmed_date_idx ON bookings (requested_date) WHERE status = 'confirmed'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX bookings_confirmed_date_idx');
}
