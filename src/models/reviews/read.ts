import type { Knex } from 'knex';
import { names } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { db, type Trx } from '../../db/knex.js';
import type { MonthRating } from '../../lib/booking-analytics.js';
import { isUuid } from '../../lib/uuid.js';
import {
  PUBLIC_COLUMNS,
  REVIEW_COLUMNS,
  toPublic,
  toReview,
  type PublicReview,
  type PublicRow,
  type Review,
  type ReviewedRow,
} from './row.js';

/** A review's columns and its listing's provider. */
const COLUMNS = [...names(REVIEW_COLUMNS, 'r'), 's.provider_id'];

const base = (trx?: Trx) => db(trx)({ r: 'reviews' }).join({ s: 'services' }, 's.id', 'r.service_id');

export async function findByBooking(bookingId: string, trx?: Trx): Promise<Review | null> {
  const row = await base(trx).where('r.booking_id', bookingId).first<ReviewedRow | undefined>(COLUMNS);
  return row ? toReview(row) : null;
}

/** A booking's review with its reviewer's name, hidden or not (the booking page of its two parties). */
export async function findNamedByBooking(bookingId: string, trx?: Trx): Promise<PublicReview | null> {
  const [row] = await namedQuery(trx).where('r.booking_id', bookingId).limit(1);
  return row ? toPublic(row) : null;
}

/** Reads a review and locks its row until the transaction ends. */
export async function lockForUpdate(id: string, trx: Trx): Promise<Review | null> {
  if (!isUuid(id)) return null;
  const row = await base(trx).where('r.id', id).forUpdate('r').first<ReviewedRow | undefined>(COLUMNS);
  return row ? toReview(row) : null;
}

/** Reviews with their reviewer's name, service title and booking's completion, newest first. */
function namedQuery(trx?: Trx) {
  return base(trx)
    .join({ u: 'users' }, 'u.id', 'r.reviewer_id')
    .leftJoin({ c: 'client_profiles' }, 'c.user_id', 'r.reviewer_id')
    .leftJoin({ b: 'bookings' }, 'b.id', 'r.booking_id')
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'asc' },
    ])
    .select<PublicRow[]>(
      ...COLUMNS,
      's.title AS service_title',
      'b.completed_at',
      db(trx).raw('coalesce(c.company_name, u.company_name) AS reviewer_name'),
    );
}

/** What every public list shows: verified reviews nobody hid. */
function publicQuery(trx?: Trx) {
  return namedQuery(trx).where('r.verified', true).whereNull('r.hidden_at');
}

/** docs/product.md §7: a service's verified reviews, newest first: the query, not yet sent (the service page carries it as JSON). */
export function listingReviewsQuery(listingId: string, trx?: Trx): Knex.QueryBuilder {
  return publicQuery(trx).where('r.service_id', listingId);
}

/** Reviews carried as JSON by a larger statement (jsonRows of serviceReviewsQuery). */
export function reviewsFromJson(rows: readonly Record<string, unknown>[] | null): PublicReview[] {
  return fromJsonRows(rows, PUBLIC_COLUMNS).map(toPublic);
}

/**
 * The newest reviews good enough to quote on the public pages: verified (from a completed booking), not
 * hidden, five stars, with a comment of some length and a reviewer's name (the terms publish a review with
 * the name of the company that wrote it), at most one per reviewer.
 */
export async function listTestimonials(limit: number, minLength: number, trx?: Trx): Promise<PublicReview[]> {
  const newest = db(trx)({ r: 'reviews' })
    .where({ 'r.verified': true, 'r.rating': 5 })
    .whereNull('r.hidden_at')
    .whereRaw('char_length(btrim(r.comment)) >= ?', [minLength])
    .distinctOn('r.reviewer_id')
    .orderBy([
      { column: 'r.reviewer_id', order: 'asc' },
      { column: 'r.created_at', order: 'desc' },
    ])
    .select('r.id');
  const rows = await publicQuery(trx)
    .whereIn('r.id', newest)
    .whereRaw('coalesce(c.company_name, u.company_name) IS NOT NULL')
    .limit(limit);
  return rows.map(toPublic);
}

/** A provider's newest verified reviews across its services. */
export async function listRecentForProvider(providerId: string, limit: number, trx?: Trx): Promise<PublicReview[]> {
  // The newest few are chosen on the reviews alone, then named: joining the reviewer, their profile and
  // the booking to every review of a provider with hundreds before keeping five read hundreds of rows.
  const newest = db(trx)({ r: 'reviews' })
    .join({ s: 'services' }, 's.id', 'r.service_id')
    .where({ 's.provider_id': providerId, 'r.verified': true })
    .whereNull('r.hidden_at')
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'asc' },
    ])
    .limit(limit)
    .select('r.id');
  const rows = await publicQuery(trx).whereIn('r.id', newest);
  return rows.map(toPublic);
}

/** How many visible reviews of a provider gave each number of stars: { 5: n, 4: n, … 1: n }. */
export async function starCounts(providerId: string, trx?: Trx): Promise<Record<number, number>> {
  const rows = await db(trx)({ r: 'reviews' })
    .join({ s: 'services' }, 's.id', 'r.service_id')
    .where({ 's.provider_id': providerId, 'r.verified': true })
    .whereNull('r.hidden_at')
    .groupBy('r.rating')
    .select<{ rating: number; n: number }[]>('r.rating', db(trx).raw('count(*)::int AS n'));
  const counts: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) counts[r.rating] = r.n;
  return counts;
}

/** The verified reviews of the provider's services written in [from, to), per month (Europe/Rome). */
export async function ratingsByMonth(providerId: string, from: Date, to: Date, trx?: Trx): Promise<MonthRating[]> {
  const rows = await db(trx)({ r: 'reviews' })
    .join({ s: 'services' }, 's.id', 'r.service_id')
    .where('s.provider_id', providerId)
    .where('r.verified', true)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .groupByRaw('1')
    .orderByRaw('1')
    .select<{ month: string; count: number; sum: number }[]>(
      db(trx).raw(`to_char(date_trunc('month', r.created_at AT TIME ZONE 'Europe/Rome'), 'YYYY-MM-DD') AS month`),
      db(trx).raw('count(*)::int AS count'),
      db(trx).raw('sum(r.rating)::int AS sum'),
    );
  return rows.map((r) => ({ month: r.month, count: Number(r.count), sum: Number(r.sum) }));
}
