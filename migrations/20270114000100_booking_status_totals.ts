import type { Knex } from 'knex';

/**
 * How many bookings each party has in each status, and what they add up to (total_amount), kept by the
 * database instead of counted per request: the dashboard's figures and the tabs of /bookings read a
 * provider's or a client's few rows here, where aggregating a busy provider's 2,000 bookings took most of
 * the dashboard's statement (src/models/bookings/totals.ts). A row per (party, owner, status); the provider's
 * and the client's side of each booking are kept apart, as an organisation may be both.
 *
 * As service_category_counts: statement-level triggers with transition tables add up a whole statement's
 * changes at once, and lock the rows in key order, so concurrent writers cannot deadlock on them. An update
 * that leaves a booking's status, amount and parties as they were writes nothing.
 */
const SIDES = (table: string, sign: string): string => `
  SELECT 'provider' AS party, r.provider_id AS owner_id, r.status, ${sign}1 AS n, ${sign}r.total_amount AS amount FROM ${table} r
  UNION ALL
  SELECT 'client', r.client_id, r.status, ${sign}1, ${sign}r.total_amount FROM ${table} r`;

/** Adds the per-(party, owner, status) sums of `deltas` to the totals. */
const apply = (deltas: string): string => `
  INSERT INTO booking_status_totals AS t (party, owner_id, status, bookings, total_amount)
  SELECT party, owner_id, status, sum(n), sum(amount) FROM (${deltas}) AS x
  GROUP BY party, owner_id, status HAVING sum(n) <> 0 OR sum(amount) <> 0
  ORDER BY party, owner_id, status
  ON CONFLICT (party, owner_id, status) DO UPDATE
  SET bookings = t.bookings + EXCLUDED.bookings, total_amount = t.total_amount + EXCLUDED.total_amount`;

const TRIGGERS = [
  ['booking_totals_inserted', 'INSERT', 'REFERENCING NEW TABLE AS new_rows', apply(SIDES('new_rows', '+'))],
  [
    'booking_totals_updated',
    'UPDATE',
    'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
    apply(`${SIDES('new_rows', '+')} UNION ALL ${SIDES('old_rows', '-')}`),
  ],
  ['booking_totals_deleted', 'DELETE', 'REFERENCING OLD TABLE AS old_rows', apply(SIDES('old_rows', '-'))],
  ['booking_totals_truncated', 'TRUNCATE', '', 'DELETE FROM booking_status_totals'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_status_totals', (t) => {
    t.text('party').notNullable().checkIn(['client', 'provider']);
    t.uuid('owner_id').notNullable();
    t.text('status').notNullable();
    // No CHECK >= 0: a total that drifted must not make every later booking write fail.
    t.integer('bookings').notNullable().defaultTo(0);
    t.decimal('total_amount', 14, 2).notNullable().defaultTo(0);
    t.primary(['party', 'owner_id', 'status']);
  });
  for (const [name, event, transitions, body] of TRIGGERS) {
    await knex.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${body}; RETURN NULL; END $$`);
    await knex.raw(`CREATE TRIGGER ${name} AFTER ${event} ON bookings ${transitions}
      FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
  }
  await knex.raw(`INSERT INTO booking_status_totals (party, owner_id, status, bookings, total_amount)
    SELECT party, owner_id, status, sum(n), sum(amount) FROM (${SIDES('bookings', '+')}) AS x
    GROUP BY party, owner_id, status`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of TRIGGERS) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${name} ON bookings`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${name}()`);
  }
  await knex.schema.dropTable('booking_status_totals');
}
