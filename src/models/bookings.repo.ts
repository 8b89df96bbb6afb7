import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import type { UserType } from '../lib/current-user.js';
import { toCents } from '../lib/money.js';

/** SPEC §4. draft is never shown to the provider: it was never sent. */
export const BOOKING_STATUSES = ['draft', 'pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The tabs of /bookings (SPEC §2) besides "all". */
export const LIST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export function isListStatus(value: unknown): value is ListStatus {
  return typeof value === 'string' && (LIST_STATUSES as readonly string[]).includes(value);
}

/** Who is looking: a client sees the bookings it made, a provider the bookings of its services. */
export interface BookingViewer {
  id: string;
  userType: UserType;
}

/**
 * One booking as the cards of /bookings and of the dashboard show it (SPEC §2): the counterpart is the
 * provider's business name for a client, the client's company name for a provider (null: shown "N/A").
 */
export interface BookingCard {
  id: string;
  bookingNumber: string;
  serviceTitle: string;
  status: BookingStatus;
  /** 'YYYY-MM-DD' */
  requestedDate: string;
  /** 'HH:MM:SS' */
  requestedTime: string;
  participantsCount: number;
  totalAmountCents: number;
  counterpartName: string | null;
}

interface CardRow {
  id: string;
  booking_number: string;
  service_title: string;
  status: BookingStatus;
  requested_date: string;
  requested_time: string;
  participants_count: number;
  total_amount: string;
  counterpart_name: string | null;
}

const toCard = (row: CardRow): BookingCard => ({
  id: row.id,
  bookingNumber: row.booking_number,
  serviceTitle: row.service_title,
  status: row.status,
  requestedDate: row.requested_date,
  requestedTime: row.requested_time,
  participantsCount: row.participants_count,
  totalAmountCents: toCents(row.total_amount),
  counterpartName: row.counterpart_name,
});

/** The viewer's own bookings (`b`): by client_id or provider_id; a provider never sees a client's drafts. */
function ownedBy(q: Knex.QueryBuilder, viewer: BookingViewer): Knex.QueryBuilder {
  if (viewer.userType === 'provider') return q.where('b.provider_id', viewer.id).whereNot('b.status', 'draft');
  return q.where('b.client_id', viewer.id);
}

/** The viewer's bookings as cards, newest first; optionally one status only and at most `limit`. */
export async function listForUser(
  viewer: BookingViewer,
  options: { status?: ListStatus; limit?: number } = {},
  trx?: Trx,
): Promise<BookingCard[]> {
  const k = db(trx);
  const q = k({ b: 'bookings' });
  if (viewer.userType === 'provider') {
    q.leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
      .leftJoin({ cu: 'users' }, 'cu.id', 'b.client_id')
      .select(k.raw('coalesce(cp.company_name, cu.company_name) AS counterpart_name'));
  } else {
    q.leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id').select({ counterpart_name: 'pp.business_name' });
  }
  ownedBy(q, viewer)
    .select(
      'b.id',
      'b.booking_number',
      'b.service_title',
      'b.status',
      'b.requested_date',
      'b.requested_time',
      'b.participants_count',
      'b.total_amount',
    )
    .orderBy([
      { column: 'b.created_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ]);
  if (options.status) q.where('b.status', options.status);
  if (options.limit !== undefined) q.limit(options.limit);
  const rows = (await q) as CardRow[];
  return rows.map(toCard);
}

/** How many of the viewer's bookings are in each status, and in all (the tabs of /bookings). */
export type BookingCounts = Record<BookingStatus | 'all', number>;

export async function countByStatusForUser(viewer: BookingViewer, trx?: Trx): Promise<BookingCounts> {
  const q = db(trx)({ b: 'bookings' });
  const rows = (await ownedBy(q, viewer).select('b.status').count({ count: '*' }).groupBy('b.status')) as {
    status: BookingStatus;
    count: number | string;
  }[];
  const counts = Object.fromEntries([...BOOKING_STATUSES, 'all'].map((s) => [s, 0])) as BookingCounts;
  for (const row of rows) {
    counts[row.status] = Number(row.count);
    counts.all += Number(row.count);
  }
  return counts;
}
