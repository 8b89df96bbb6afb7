import type { Knex } from 'knex';

/**
 * The dashboards' things to do (src/models/bookings/todos.ts) read a few rows of one party's bookings in the
 * order they are due. Without an index in that order each list visited every booking of the party, one heap
 * page each. Partial indexes hold only the bookings a list can show: a quote, a booking confirmed or done
 * and not paid, a completed one, a client's confirmed one. A booking being created is pending or confirmed
 * and unpaid, so it enters at most the unpaid and the confirmed ones.
 */
const UNPAID = "payment_status = 'pending' AND status IN ('confirmed', 'in_progress', 'completed')";

const INDEXES: [name: string, columns: string, where: string][] = [
  ['bookings_provider_unpaid_idx', 'provider_id, requested_date, id', UNPAID],
  ['bookings_client_unpaid_idx', 'client_id, requested_date, id', UNPAID],
  ['bookings_provider_quoted_idx', 'provider_id, quote_valid_until, id', "status = 'quoted'"],
  ['bookings_client_quoted_idx', 'client_id, quote_valid_until, id', "status = 'quoted'"],
  ['bookings_provider_completed_idx', 'provider_id, requested_date, id', "status = 'completed'"],
  ['bookings_client_confirmed_idx', 'client_id, requested_date, requested_time, id', "status = 'confirmed'"],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns, where] of INDEXES)
    await knex.raw(`CREATE INDEX ${name} ON bookings (${columns}) WHERE ${where}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX ${name}`);
}
