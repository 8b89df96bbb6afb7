import type { Knex } from 'knex';

/**
 * refuse_statement(reason): raises SQLSTATE SH001 with the reason as its detail. A statement that writes
 * several things together (WITH … INSERT …, src/db/knex.ts) calls it when one of its parts finds that the
 * rest must not stand: the whole statement then fails and nothing of it is kept, without a transaction
 * around it. The application reads the reason back (src/db/knex.ts refusalOf).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION refuse_statement(reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'SH001', MESSAGE = 'statement refused: ' || reason, DETAIL = reason;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION refuse_statement(text)');
}
