import type { Knex } from 'knex';
import { columnsOf, pick, type Columns } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { db } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import { ownedBy, type BookingViewer } from './read.js';
import { BOOKING_COLUMNS, type BookingRow } from './row.js';

// The dashboards' things to do, read from the bookings of one party (src/services/dashboard-todos.service.ts
// decides which lists a party sees). Each list is short and sorted by what is due first; the dashboard's
// one statement carries them as JSON columns (models/dashboard.ts).

/** A booking as a to-do line shows it. */
export interface TodoBooking {
  id: string;
  bookingNumber: string;
  listingTitle: string;
  /** 'YYYY-MM-DD' */
  requestedDate: string;
  /** 'HH:MM' */
  requestedTime: string;
  participantsCount: number;
  createdAt: Date;
  totalAmountCents: number;
  /** The quote's total and last day, for quotes. */
  quoteTotalCents: number | null;
  quoteValidUntil: string | null;
  /** The other party's name (the client's company for a provider, the provider's business for a client). */
  counterpartName: string | null;
}

const TODO_KEYS = [
  'id',
  'booking_number',
  'service_title',
  'requested_date',
  'requested_time',
  'participants_count',
  'created_at',
  'total_amount',
  'quote_total_amount',
  'quote_valid_until',
] as const;

type TodoRow = Pick<BookingRow, (typeof TODO_KEYS)[number]> & { counterpart_name: string | null };

const TODO_COLUMNS: Columns<TodoRow> = columnsOf<TodoRow>({
  ...pick(BOOKING_COLUMNS, TODO_KEYS),
  counterpart_name: 'text',
});

function toTodo(r: TodoRow): TodoBooking {
  return {
    id: r.id,
    bookingNumber: r.booking_number,
    listingTitle: r.service_title,
    requestedDate: r.requested_date,
    requestedTime: String(r.requested_time).slice(0, 5),
    participantsCount: r.participants_count,
    createdAt: r.created_at,
    totalAmountCents: toCents(r.total_amount),
    quoteTotalCents: r.quote_total_amount === null ? null : toCents(r.quote_total_amount),
    quoteValidUntil: r.quote_valid_until,
    counterpartName: r.counterpart_name,
  };
}

/** Whose to-dos: the organisation, narrowed as its bookings are for the member (a site referent, a trainer). */
export type TodoParty = BookingViewer;

function bookingsOf(party: TodoParty): Knex.QueryBuilder {
  const q = ownedBy(db()({ b: 'bookings' }), party);
  if (party.userType === 'provider') q.leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id');
  else q.leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id');
  return q.select([
    ...TODO_KEYS.map((c) => `b.${c}`),
    party.userType === 'provider' ? 'cp.company_name as counterpart_name' : 'pp.business_name as counterpart_name',
  ]);
}

/** The lists of bookings a dashboard may show (the agenda, of course editions, is models/editions/agenda.ts). */
export type TodoList =
  | 'requests'
  | 'expiringQuotes'
  | 'registers'
  | 'paymentsToRecord'
  | 'refundsOwed'
  | 'quotesToDecide'
  | 'paymentsDue'
  | 'upcoming';

/** The values the lists bind: the quotes about to expire end by `quotesUntil`, upcoming bookings start from `today`. */
export type TodoParam = 'quotesUntil' | 'today';

const OWED = 'coalesce(b.refund_amount, 0) + b.dispute_refund_amount - coalesce(b.refunded_amount, 0)';
const UNPAID = `b.payment_status = 'pending' AND b.status IN ('confirmed', 'in_progress', 'completed')`;

/**
 * Each list's query over the party's bookings (bookingsOf), at most `limit` lines, not yet sent: the
 * dashboard's statement, compiled once per shape, carries the lists its viewer sees. A list's own condition
 * is written in the text as its partial index states it (migrations 20270103100000 and 20270106000100), not
 * bound: the plan a prepared statement keeps for any values can use a partial index only when the condition
 * is in its text.
 */
export const TODO_QUERIES: Record<
  TodoList,
  (party: TodoParty, limit: number, param: (name: TodoParam) => string) => Knex.QueryBuilder
> = {
  // Requests waiting for the provider's answer, the oldest first (the 24 h promise runs from the request).
  requests: (party, limit) =>
    bookingsOf(party)
      .whereRaw(`b.status = 'pending'`)
      .orderBy([{ column: 'b.created_at' }, { column: 'b.id' }])
      .limit(limit),
  // Quotes waiting for the client's decision, the first to expire first; for the provider those ending soon.
  expiringQuotes: (party, limit, param) =>
    TODO_QUERIES.quotesToDecide(party, limit, param).where('b.quote_valid_until', '<=', param('quotesUntil')),
  quotesToDecide: (party, limit) =>
    bookingsOf(party)
      .whereRaw(`b.status = 'quoted'`)
      .orderBy([{ column: 'b.quote_valid_until' }, { column: 'b.id' }])
      .limit(limit),
  // Completed course bookings of the provider with participants whose attendance is not marked.
  registers: (party, limit) =>
    bookingsOf(party)
      .join({ s: 'services' }, 's.id', 'b.service_id')
      .whereNotNull('s.training_kind')
      .whereRaw(`b.status = 'completed'`)
      .whereExists((sub) =>
        sub
          .select(db().raw('1'))
          .from({ bp: 'booking_participants' })
          .whereRaw('bp.booking_id = b.id')
          .whereNull('bp.attendance'),
      )
      .orderBy([{ column: 'b.requested_date' }, { column: 'b.id' }])
      .limit(limit),
  // Bookings confirmed or done whose payment is not recorded yet, the earliest date first.
  paymentsToRecord: (party, limit) =>
    bookingsOf(party)
      .whereRaw(UNPAID)
      .orderBy([{ column: 'b.requested_date' }, { column: 'b.id' }])
      .limit(limit),
  // The same for the client, with the IBAN it pays to.
  paymentsDue: (party, limit, param) => TODO_QUERIES.paymentsToRecord(party, limit, param).select('pp.iban'),
  // Refunds a dispute found owed and not recorded as given back yet, with what remains (a cancellation's
  // refund included), the longest waiting first.
  refundsOwed: (party, limit) =>
    bookingsOf(party)
      .whereRaw('b.dispute_refund_amount > 0')
      .whereRaw(`${OWED} > 0`)
      .orderBy([{ column: 'b.updated_at' }, { column: 'b.id' }])
      .select(db().raw(`${OWED} AS owed`))
      .limit(limit),
  // The client's confirmed courses and services from today on, the soonest first, with their participants
  // ("Cognome Nome").
  upcoming: (party, limit, param) =>
    bookingsOf(party)
      .whereRaw(`b.status = 'confirmed'`)
      .where('b.requested_date', '>=', param('today'))
      .orderBy([{ column: 'b.requested_date' }, { column: 'b.requested_time' }, { column: 'b.id' }])
      .select(
        db().raw(`ARRAY(SELECT bp.last_name || ' ' || bp.first_name FROM booking_participants AS bp
          WHERE bp.booking_id = b.id ORDER BY bp.last_name, bp.first_name) AS participants`),
      )
      .limit(limit),
};

/** Each list as the dashboard shows it. */
export interface TodoLines {
  requests: TodoBooking[];
  expiringQuotes: TodoBooking[];
  registers: TodoBooking[];
  paymentsToRecord: TodoBooking[];
  /** Refunds a dispute's decision found owed, not recorded as given back yet (disputes). */
  refundsOwed: (TodoBooking & { owedCents: number })[];
  quotesToDecide: TodoBooking[];
  paymentsDue: (TodoBooking & { iban: string | null })[];
  upcoming: (TodoBooking & { participants: string[] })[];
}

type Extra = { owed?: number | string; iban?: string | null; participants?: string[] };

/** What a list shows beyond a to-do line (the columns its query adds). */
const EXTRAS: Partial<Record<TodoList, (r: Extra) => object>> = {
  refundsOwed: (r) => ({ owedCents: toCents(r.owed) }),
  paymentsDue: (r) => ({ iban: r.iban ?? null }),
  upcoming: (r) => ({ participants: r.participants ?? [] }),
};

/** A list carried as JSON (jsonRows of its TODO_QUERIES query), as the dashboard shows it. */
export function todosFromJson<L extends TodoList>(
  list: L,
  rows: readonly Record<string, unknown>[] | null,
): TodoLines[L] {
  const extra = EXTRAS[list] ?? (() => ({}));
  const read = fromJsonRows(rows, TODO_COLUMNS) as (TodoRow & Extra)[];
  return read.map((r) => ({ ...toTodo(r), ...extra(r) })) as TodoLines[L];
}
