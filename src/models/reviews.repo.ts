import type { Knex } from 'knex';
import { fromJsonRows } from '../db/json-rows.js';
import { db, type Trx } from '../db/knex.js';
import { isUuid } from '../lib/uuid.js';

/**
 * The reviews table. The ratings beside services and providers (rating_average, reviews_count) are kept by
 * its trigger in the transaction of every insert, update and delete: verified reviews that are not hidden.
 */

export type Aspects = Record<string, number>;

export interface Review {
  id: string;
  listingId: string;
  bookingId: string | null;
  reviewerId: string;
  providerId: string;
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: Aspects;
  verified: boolean;
  reply: string | null;
  replyAt: Date | null;
  editedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
}

/** A review as the public lists show it. */
export interface PublicReview extends Review {
  /** The reviewing company (client profile, else the account's company name); null: anonymous. */
  reviewerName: string | null;
  listingTitle: string;
  /** When the booking it comes from was completed (a verified review's proof). */
  completedAt: Date | null;
}

interface ReviewRow {
  id: string;
  service_id: string;
  booking_id: string | null;
  reviewer_id: string;
  provider_id: string;
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: unknown;
  verified: boolean;
  reply: string | null;
  reply_at: Date | null;
  edited_at: Date | null;
  hidden_at: Date | null;
  created_at: Date;
}

interface PublicRow extends ReviewRow {
  reviewer_name: string | null;
  service_title: string;
  completed_at: Date | null;
}

const COLUMNS = [
  'r.id',
  'r.service_id',
  'r.booking_id',
  'r.reviewer_id',
  's.provider_id',
  'r.rating',
  'r.title',
  'r.comment',
  'r.aspects',
  'r.verified',
  'r.reply',
  'r.reply_at',
  'r.edited_at',
  'r.hidden_at',
  'r.created_at',
];

function aspectsOf(value: unknown): Aspects {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && Number.isInteger(e[1]) && e[1] >= 1 && e[1] <= 5,
    ),
  );
}

function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    listingId: r.service_id,
    bookingId: r.booking_id,
    reviewerId: r.reviewer_id,
    providerId: r.provider_id,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    aspects: aspectsOf(r.aspects),
    verified: r.verified,
    reply: r.reply,
    replyAt: r.reply_at,
    editedAt: r.edited_at,
    hiddenAt: r.hidden_at,
    createdAt: r.created_at,
  };
}

const base = (trx?: Trx) => db(trx)({ r: 'reviews' }).join({ s: 'services' }, 's.id', 'r.service_id');

export async function findByBooking(bookingId: string, trx?: Trx): Promise<Review | null> {
  const row = await base(trx).where('r.booking_id', bookingId).first<ReviewRow | undefined>(COLUMNS);
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
  const row = await base(trx).where('r.id', id).forUpdate('r').first<ReviewRow | undefined>(COLUMNS);
  return row ? toReview(row) : null;
}

export interface ReviewContent {
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: Aspects;
}

export async function insert(
  review: ReviewContent & { listingId: string; bookingId: string; reviewerId: string; verified: boolean },
  trx: Trx,
): Promise<string> {
  const [row] = await trx('reviews')
    .insert({
      service_id: review.listingId,
      booking_id: review.bookingId,
      reviewer_id: review.reviewerId,
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      aspects: JSON.stringify(review.aspects),
      verified: review.verified,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export async function updateContent(id: string, content: ReviewContent, now: Date, trx: Trx): Promise<void> {
  await trx('reviews')
    .where({ id })
    .update({
      rating: content.rating,
      title: content.title,
      comment: content.comment,
      aspects: JSON.stringify(content.aspects),
      edited_at: now,
      updated_at: now,
    });
}

export async function setReply(id: string, reply: string, now: Date, trx: Trx): Promise<void> {
  await trx('reviews').where({ id }).update({ reply, reply_at: now, updated_at: now });
}

export async function setHidden(id: string, hiddenAt: Date | null, trx: Trx): Promise<void> {
  await trx('reviews').where({ id }).update({ hidden_at: hiddenAt, updated_at: new Date() });
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

function toPublic(r: PublicRow): PublicReview {
  return {
    ...toReview(r),
    reviewerName: r.reviewer_name,
    listingTitle: r.service_title,
    completedAt: r.completed_at,
  };
}

/** SPEC §7: a service's verified reviews, newest first: the query, not yet sent (the service page carries it as JSON). */
export function listingReviewsQuery(listingId: string, trx?: Trx): Knex.QueryBuilder {
  return publicQuery(trx).where('r.service_id', listingId);
}

/** Reviews carried as JSON by a larger statement (jsonRows of serviceReviewsQuery). */
export function reviewsFromJson(rows: readonly Record<string, unknown>[] | null): PublicReview[] {
  const timestamps = ['reply_at', 'edited_at', 'hidden_at', 'created_at', 'completed_at'];
  return fromJsonRows<PublicRow>(rows, timestamps).map(toPublic);
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
