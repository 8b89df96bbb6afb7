import type { Knex } from 'knex';

/**
 * refuse_statement(reason) is no longer called: a new booking's statement writes its parts only while the
 * listing can be booked and only with the booking (src/models/bookings/write.ts insertBooking), so it keeps
 * nothing without raising an error.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS refuse_statement(text)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION refuse_statement(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'SH001', MESSAGE = 'statement refused: ' || reason, DETAIL = reason;
    END $$`);
}
