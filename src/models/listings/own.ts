import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import type { PricingUnit } from '../../lib/listing-options.js';
import { isUuid } from '../../lib/uuid.js';
import { seenByProvider } from '../bookings/read.js';
import { LISTING_COLUMNS, toOwnListing, type ListingRow, type ListingStatus, type OwnListing } from './row.js';

// A provider's own listings: the one its form edits (locked for a change), the list of "I Miei Servizi",
// and the questions asked before a change (paused? booked?).

/** The provider's own listing in any status, with every field the form edits; null for anyone else's. */
export async function findOwnListing(id: string, providerId: string, trx?: Trx): Promise<OwnListing | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('services')
    .first<ListingRow | undefined>(names(LISTING_COLUMNS))
    .where({ id, provider_id: providerId });
  return row ? toOwnListing(row) : null;
}

/** The provider's own listing, its row locked for the change that follows; null for anyone else's. */
export async function lockOwnListing(
  id: string,
  providerId: string,
  trx: Trx,
): Promise<Pick<ListingRow, 'id' | 'status'> | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('services')
    .first<Pick<ListingRow, 'id' | 'status'> | undefined>('id', 'status')
    .where({ id, provider_id: providerId })
    .forUpdate();
  return row ?? null;
}

/** A line of "I Miei Servizi". */
export interface OwnListingItem {
  id: string;
  title: string;
  category: string;
  status: ListingStatus;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  bookingsCount: number;
  ratingAverage: number;
  reviewsCount: number;
  /** A mandatory-training course: it may have editions. */
  isCourse: boolean;
}

const LINE_KEYS = [
  'id',
  'title',
  'category',
  'status',
  'base_price',
  'pricing_unit',
  'rating_average',
  'reviews_count',
  'training_kind',
] as const;

/** "I Miei Servizi": every listing of the provider, newest first, with how often it was booked. */
export async function listOwnListings(providerId: string, trx?: Trx): Promise<OwnListingItem[]> {
  const k = db(trx);
  const rows = await k({ s: 'services' })
    .where('s.provider_id', providerId)
    .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id' }])
    .select<(Pick<ListingRow, (typeof LINE_KEYS)[number]> & { bookings_count: string })[]>(
      ...LINE_KEYS.map((c) => `s.${c}`),
      seenByProvider(k({ b: 'bookings' }).count('*').whereRaw('b.service_id = s.id')).as('bookings_count'),
    );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    status: r.status,
    basePriceCents: toCents(r.base_price),
    pricingUnit: r.pricing_unit,
    bookingsCount: Number(r.bookings_count),
    ratingAverage: Number(r.rating_average),
    reviewsCount: r.reviews_count,
    isCourse: r.training_kind !== null,
  }));
}

/** Whether a listing exists but is paused (the wizard then says so instead of "not found"). */
export async function isPaused(id: string, trx?: Trx): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .first('s.id')
    .where({ 's.id': id, 's.status': 'paused', 's.active': true, 'p.active': true });
  return row !== undefined;
}

export async function hasBookings(id: string, trx?: Trx): Promise<boolean> {
  const row = await db(trx)('bookings').first('id').where({ service_id: id });
  return row !== undefined;
}
