import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';
import type { PricingUnit } from '../lib/listing-options.js';
import { isUuid } from '../lib/uuid.js';
import type { ListingStatus } from './service-writes.repo.js';

/** A provider's services as "I Miei Servizi" lists them, and the one status question the wizard asks. */

export interface OwnListingRow {
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

/** "I Miei Servizi": every service of the provider, newest first, with how often it was booked. */
export async function listOwnListings(providerId: string, trx?: Trx): Promise<OwnListingRow[]> {
  const k = db(trx);
  const rows = await k({ s: 'services' })
    .where('s.provider_id', providerId)
    .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id' }])
    .select<
      {
        id: string;
        title: string;
        category: string;
        status: ListingStatus;
        base_price: string;
        pricing_unit: PricingUnit;
        rating_average: string;
        reviews_count: number;
        bookings_count: string;
        training_kind: string | null;
      }[]
    >(
      's.id',
      's.title',
      's.category',
      's.status',
      's.base_price',
      's.pricing_unit',
      's.rating_average',
      's.reviews_count',
      's.training_kind',
      k.raw('(SELECT count(*) FROM bookings b WHERE b.service_id = s.id) AS bookings_count'),
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

/** Whether a service exists but is paused (the wizard then says so instead of "not found"). */
export async function isPaused(id: string, trx?: Trx): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .first('s.id')
    .where({ 's.id': id, 's.status': 'paused', 's.active': true, 'p.active': true });
  return row !== undefined;
}
