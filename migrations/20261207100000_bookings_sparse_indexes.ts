import type { Knex } from 'knex';

/**
 * Who cancelled a booking and the course edition it is for are empty on most bookings, and always on a new
 * one: indexed only where they are set, a new booking no longer writes an entry in either index (11 index
 * entries a booking to 9). Their uses, the foreign keys' checks and an edition's bookings, ask for a value,
 * which the partial indexes answer.
 */
const SPARSE = ['cancelled_by', 'edition_id'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const column of SPARSE) {
    await knex.raw(`CREATE INDEX bookings_${column}_set_idx ON bookings (${column}) WHERE ${column} IS NOT NULL`);
    await knex.raw(`DROP INDEX bookings_${column}_index`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const column of SPARSE) {
    await knex.raw(`CREATE INDEX bookings_${column}_index ON bookings (${column})`);
    await knex.raw(`DROP INDEX bookings_${column}_set_idx`);
  }
}
