import type { Knex } from 'knex';
import { columnsOf, names, pick, type Columns } from '../../db/columns.js';
import { fromJsonRows, jsonRows } from '../../db/json-rows.js';
import { compiledByShape, db, prepared, type Trx } from '../../db/knex.js';
import { outcomeBadge, outcomeLabelKey, outcomeOf, type Outcome, type Reader } from '../../lib/booking-outcome.js';
import { toCents } from '../../lib/money.js';
import { statusesOfTab, type ListStatus } from '../../lib/booking-list-status.js';
import { BOOKING_STATUSES, type BookingStatus } from './booking.js';
import {
  ownedBy,
  viewerOfShape,
  viewerShape,
  viewerValues,
  type BookingViewer,
  type ViewerParam,
  type ViewerShape,
} from './read.js';
import { BOOKING_COLUMNS, type BookingRow } from './row.js';
import { statusTotalsQuery } from './totals.js';

// The lists of bookings: the cards of /bookings and of the dashboard, and the counts of its tabs.

/**
 * One booking as the cards of /bookings and of the dashboard show it (docs/product.md §2): the counterpart is the
 * provider's business name for a client, the client's company name for a provider (null: shown "N/A").
 */
export interface BookingCard {
  id: string;
  bookingNumber: string;
  listingTitle: string;
  status: BookingStatus;
  /** 'YYYY-MM-DD' */
  requestedDate: string;
  /** 'HH:MM:SS' */
  requestedTime: string;
  participantsCount: number;
  totalAmountCents: number;
  counterpartName: string | null;
  /** What happened, for the badge: a rejected or expired request is not "Cancellata" (src/lib/booking-outcome.ts). */
  outcome: Outcome;
  badge: { labelKey: string; modifier: string };
}

const CARD_KEYS = [
  'id',
  'booking_number',
  'service_title',
  'status',
  'requested_date',
  'requested_time',
  'participants_count',
  'total_amount',
  'rejected_at',
  'quote_declined_at',
  'confirmed_at',
  'cancellation_reason',
] as const;

/** The booking's columns a card shows, and its counterpart's name (provider_profiles or client_profiles). */
type CardRow = Pick<BookingRow, (typeof CARD_KEYS)[number]> & { counterpart_name: string | null };

const CARD_COLUMNS: Columns<CardRow> = columnsOf<CardRow>({
  ...pick(BOOKING_COLUMNS, CARD_KEYS),
  counterpart_name: 'text',
});

function toCard(row: CardRow, reader: Reader): BookingCard {
  const outcome = outcomeOf({
    status: row.status,
    rejectedAt: row.rejected_at,
    quoteDeclinedAt: row.quote_declined_at,
    confirmedAt: row.confirmed_at,
    cancellationReason: row.cancellation_reason,
  });
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    listingTitle: row.service_title,
    status: row.status,
    requestedDate: row.requested_date,
    requestedTime: row.requested_time,
    participantsCount: row.participants_count,
    totalAmountCents: toCents(row.total_amount),
    counterpartName: row.counterpart_name,
    outcome,
    badge: { labelKey: outcomeLabelKey(outcome, reader), modifier: outcomeBadge(outcome) },
  };
}

/**
 * The viewer's bookings as cards, newest first, optionally of one tab, at most `limit` from `offset`: a query
 * not yet sent, which the statements of /bookings (listPage) and of the dashboard carry as JSON (jsonRows).
 */
export function cardsQuery(
  viewer: BookingViewer,
  options: { status?: ListStatus; limit?: number; offset?: number } = {},
  trx?: Trx,
): Knex.QueryBuilder {
  const k = db(trx);
  const q = k({ b: 'bookings' });
  if (viewer.userType === 'provider') {
    q.leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
      .leftJoin({ cu: 'users' }, 'cu.id', 'b.client_id')
      .select(k.raw('coalesce(cp.company_name, cu.company_name) AS counterpart_name'));
  } else {
    q.leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id').select({
      counterpart_name: 'pp.business_name',
    });
  }
  ownedBy(q, viewer)
    .select(names(pick(BOOKING_COLUMNS, CARD_KEYS), 'b'))
    .orderBy([
      { column: 'b.created_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ]);
  if (options.status) q.whereIn('b.status', statusesOfTab(options.status));
  if (options.limit !== undefined) q.limit(options.limit);
  if (options.offset) q.offset(options.offset);
  return q;
}

/** Cards carried as JSON by a larger statement (jsonRows of cardsQuery), as BookingCards read by the viewer. */
export function cardsFromJson(rows: readonly Record<string, unknown>[] | null, viewer: BookingViewer): BookingCard[] {
  return fromJsonRows(rows, CARD_COLUMNS).map((row) => toCard(row, viewer.userType));
}

/** How many of the viewer's bookings are in each status, and in all (the tabs of /bookings). */
export type BookingCounts = Record<BookingStatus | 'all', number>;

/** How many of the viewer's bookings have one status (models/bookings/totals.ts). */
type CountRow = Pick<BookingRow, 'status'> & { bookings: number };

function toCounts(rows: readonly CountRow[]): BookingCounts {
  const counts = Object.fromEntries([...BOOKING_STATUSES, 'all'].map((s) => [s, 0])) as BookingCounts;
  for (const row of rows) {
    counts[row.status] = row.bookings;
    counts.all += row.bookings;
  }
  return counts;
}

/**
 * A page of /bookings in one statement (one round trip, prepared on a PostgreSQL server): the counts of
 * every tab (totals.ts statusTotalsQuery) and the cards of one tab's page (cardsQuery).
 */
export async function listPage(
  viewer: BookingViewer,
  options: { status?: ListStatus; limit: number; offset: number },
  trx?: Trx,
): Promise<{ counts: BookingCounts; cards: BookingCard[] }> {
  const statement = pageStatement(
    { ...viewerShape(viewer), status: options.status ?? null, limit: options.limit, later: options.offset > 0 },
    { ...viewerValues(viewer), offset: options.offset },
  );
  const [row] = (await prepared<{ rows: { counts: CountRow[]; cards: Record<string, unknown>[] }[] }>(statement, trx))
    .rows;
  return { counts: toCounts(row?.counts ?? []), cards: cardsFromJson(row?.cards ?? [], viewer) };
}

/**
 * listPage's statement, compiled once for each kind of viewer, tab, number of cards and whether it has an
 * OFFSET (not on page 1): each is a statement of its own, and every visit of /bookings only binds its values.
 */
const pageStatement = compiledByShape(
  (
    shape: ViewerShape & { status: ListStatus | null; limit: number; later: boolean },
    param: (name: ViewerParam | 'offset') => string,
  ) => {
    const k = db();
    const viewer = viewerOfShape(shape, param);
    const cards = cardsQuery(viewer, { ...(shape.status ? { status: shape.status } : {}), limit: shape.limit });
    // Knex reads a plain OFFSET as a number (its types say only that): the parameter goes in as a raw binding.
    if (shape.later) cards.offset(k.raw('?', [param('offset')]) as unknown as number);
    return k.select([jsonRows(statusTotalsQuery(viewer), 'counts'), jsonRows(cards, 'cards')]);
  },
);
