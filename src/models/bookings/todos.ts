import type { Knex } from 'knex';
import { compiledByShape, db, prepared, type StatementShape } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import {
  ownedBy,
  viewerOfShape,
  viewerShape,
  viewerValues,
  type BookingViewer,
  type ViewerParam,
  type ViewerShape,
} from './read.js';
import type { BookingRow } from './row.js';

// The dashboards' things to do, read from the bookings of one party (src/services/dashboard-todos.service.ts
// decides which lists a party sees). Each list is short and sorted by what is due first.

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

type TodoRow = Pick<
  BookingRow,
  | 'id'
  | 'booking_number'
  | 'service_title'
  | 'requested_date'
  | 'requested_time'
  | 'participants_count'
  | 'created_at'
  | 'total_amount'
  | 'quote_total_amount'
  | 'quote_valid_until'
> & { counterpart_name: string | null };

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

function bookingsOf(party: TodoParty) {
  const q = ownedBy(db()({ b: 'bookings' }), party);
  if (party.userType === 'provider') q.leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id');
  else q.leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id');
  return q.select<TodoRow[]>(
    'b.id',
    'b.booking_number',
    'b.service_title',
    'b.requested_date',
    'b.requested_time',
    'b.participants_count',
    'b.created_at',
    'b.total_amount',
    'b.quote_total_amount',
    'b.quote_valid_until',
    party.userType === 'provider' ? 'cp.company_name as counterpart_name' : 'pp.business_name as counterpart_name',
  );
}

/**
 * A to-do list's statement: the party's bookings (bookingsOf) as `narrow` narrows and orders them, compiled
 * once for each kind of party and number of lines (db/knex.ts compiledByShape), and prepared: every
 * dashboard sends it. `P` names the list's own values. A list's own condition is written in the text as its
 * partial index states it (migrations 20270103100000 and 20270106000100), not bound: the plan a prepared
 * statement keeps for any values can use a partial index only when the condition is in its text.
 */
function todoList<S extends StatementShape, P extends string = never>(
  narrow: (q: Knex.QueryBuilder, shape: S, param: (name: P) => string) => Knex.QueryBuilder,
) {
  const statement = compiledByShape(
    (shape: ViewerShape & { limit: number } & S, param: (name: ViewerParam | P) => string) =>
      narrow(bookingsOf(viewerOfShape(shape, param)), shape, param).limit(shape.limit),
  );
  return async <R = TodoRow>(
    party: TodoParty,
    limit: number,
    shape: S,
    values: Readonly<Record<P, unknown>>,
  ): Promise<R[]> => {
    const bound = statement({ ...viewerShape(party), limit, ...shape }, { ...viewerValues(party), ...values });
    return (await prepared<{ rows: R[] }>(bound)).rows;
  };
}

const requestsList = todoList((q) =>
  q.whereRaw(`b.status = 'pending'`).orderBy([{ column: 'b.created_at' }, { column: 'b.id' }]),
);

/** Requests waiting for the provider's answer, the oldest first (the 24 h promise runs from the request). */
export async function requestsToAnswer(party: TodoParty, limit: number): Promise<TodoBooking[]> {
  return (await requestsList(party, limit, {}, {})).map(toTodo);
}

const quotesList = todoList<{ until: boolean }, 'until'>((q, shape, param) => {
  q.whereRaw(`b.status = 'quoted'`).orderBy([{ column: 'b.quote_valid_until' }, { column: 'b.id' }]);
  return shape.until ? q.where('b.quote_valid_until', '<=', param('until')) : q;
});

/** Quotes waiting for the client's decision, the first to expire first; `until` bounds their last day. */
export async function openQuotes(party: TodoParty, until: string | null, limit: number): Promise<TodoBooking[]> {
  return (await quotesList(party, limit, { until: Boolean(until) }, { until })).map(toTodo);
}

const unpaidList = todoList((q) =>
  q
    .whereRaw(`b.payment_status = 'pending' AND b.status IN ('confirmed', 'in_progress', 'completed')`)
    .orderBy([{ column: 'b.requested_date' }, { column: 'b.id' }]),
);

/** Bookings confirmed or done whose payment is not recorded yet, the earliest date first. */
export async function unpaid(party: TodoParty, limit: number): Promise<TodoBooking[]> {
  return (await unpaidList(party, limit, {}, {})).map(toTodo);
}

const registersList = todoList((q) =>
  q
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
    .orderBy([{ column: 'b.requested_date' }, { column: 'b.id' }]),
);

/** Completed course bookings of the provider with participants whose attendance is not marked. */
export async function registersToFill(party: TodoParty, limit: number): Promise<TodoBooking[]> {
  return (await registersList(party, limit, {}, {})).map(toTodo);
}

const OWED = 'coalesce(b.refund_amount, 0) + b.dispute_refund_amount - coalesce(b.refunded_amount, 0)';

const refundsList = todoList((q) =>
  q
    .whereRaw('b.dispute_refund_amount > 0')
    .whereRaw(`${OWED} > 0`)
    .orderBy([{ column: 'b.updated_at' }, { column: 'b.id' }])
    .select(db().raw(`${OWED} AS owed`)),
);

/**
 * The provider's bookings whose disputes found a refund owed that it has not recorded as given back yet, with
 * what remains (a cancellation's refund included), the longest waiting first.
 */
export async function refundsOwed(party: TodoParty, limit: number): Promise<(TodoBooking & { owedCents: number })[]> {
  const rows = await refundsList<TodoRow & { owed: string }>(party, limit, {}, {});
  return rows.map((r) => ({ ...toTodo(r), owedCents: toCents(r.owed) }));
}

const upcomingList = todoList<Record<never, never>, 'from'>((q, _shape, param) =>
  q
    .whereRaw(`b.status = 'confirmed'`)
    .where('b.requested_date', '>=', param('from'))
    .orderBy([{ column: 'b.requested_date' }, { column: 'b.requested_time' }, { column: 'b.id' }]),
);

/** The client's confirmed courses and services from `from` on, the soonest first. */
export async function upcoming(party: TodoParty, from: string, limit: number): Promise<TodoBooking[]> {
  return (await upcomingList(party, limit, {}, { from })).map(toTodo);
}

/** The participants of the bookings, "Cognome Nome", by booking. */
export async function participantNames(bookingIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (bookingIds.length === 0) return out;
  const rows = await db()('booking_participants')
    .whereIn('booking_id', bookingIds)
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }])
    .select<{ booking_id: string; first_name: string; last_name: string }[]>('booking_id', 'first_name', 'last_name');
  for (const r of rows) out.set(r.booking_id, [...(out.get(r.booking_id) ?? []), `${r.last_name} ${r.first_name}`]);
  return out;
}

/** The IBAN each provider's clients pay to. */
export async function providerIbans(bookingIds: readonly string[]): Promise<Map<string, string | null>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db()({ b: 'bookings' })
    .leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id')
    .whereIn('b.id', bookingIds)
    .select<{ id: string; iban: string | null }[]>('b.id', 'pp.iban');
  return new Map(rows.map((r) => [r.id, r.iban]));
}
