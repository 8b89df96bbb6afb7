import type { Knex } from 'knex';
import { names, pick } from '../../db/columns.js';
import { jsonRows } from '../../db/json-rows.js';
import { compiledByShape, db, prepared, type Trx } from '../../db/knex.js';
import { CATEGORY_IDS, type CategoryId } from '../../lib/categories.js';
import type { Availability, ListingType, PricingUnit } from '../../lib/listing-options.js';
import { toCents } from '../../lib/money.js';
import { pricingRulesOf, type AdditionalCostRule } from '../../lib/pricing.js';
import { isUuid } from '../../lib/uuid.js';
import { editionsFromJson, upcomingQuery } from '../editions/read.js';
import type { CourseEdition } from '../editions/row.js';
import { reviewsFromJson, listingReviewsQuery } from '../reviews/read.js';
import type { PublicReview } from '../reviews/row.js';
import { DETAIL_COLUMNS, toDetail, type DetailRow, type ListingDetail } from './detail.js';
import { imagesFromJson, imagesQuery, type ListingImage } from './images.js';
import { LISTING_COLUMNS, trainingOf, type ListingRow } from './row.js';

// Listings as the public sees them: the rule of which are visible, a listing's page in one statement, a
// provider's listings, the sitemap and the counts per category.

/**
 * A service people may see: itself active (and published), its provider active. Every public query of
 * services (here and in the search) applies it; `s` is services and `p` provider_profiles.
 */
export function whereVisible(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q.where('s.active', true).where('s.status', 'active').where('p.active', true);
}

/** An active service of an active provider with what its page shows; null for unknown, inactive or malformed ids. */
export async function findVisibleListing(id: string, trx?: Trx): Promise<ListingDetail | null> {
  if (!isUuid(id)) return null;
  const row = await visibleListingQuery(id, trx).first<DetailRow | undefined>(DETAIL_COLUMNS);
  return row ? toDetail(row) : null;
}

/** The listing of findVisibleListing (`s`, with `p` and `u`), no columns chosen yet: id must be a uuid. */
export function visibleListingQuery(id: string, trx?: Trx): Knex.QueryBuilder {
  const q = db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .join({ u: 'users' }, 'u.id', 'p.user_id')
    .where('s.id', id);
  return whereVisible(q);
}

export interface ProviderListingItem {
  id: string;
  title: string;
  description: string;
  category: string;
  listingType: ListingType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  ratingAverage: number;
  reviewsCount: number;
  /** The costs every booking adds to the base price, which its card states beside the price. */
  additionalCosts: AdditionalCostRule[];
}

const ITEM_KEYS = [
  'id',
  'title',
  'description',
  'category',
  'service_type',
  'availability',
  'base_price',
  'pricing_unit',
  'rating_average',
  'reviews_count',
  'additional_costs',
] as const;

/** One page of a provider's public services, with what the whole list needs. */
export interface ProviderListingPage {
  rows: ProviderListingItem[];
  /** All their public services, not only this page's. */
  total: number;
}

/**
 * A page of the active services of a provider for its public page: featured first, then the newest. The
 * total is a window function over the whole list, computed before the LIMIT: one query, however many
 * services the provider has.
 */
export async function listProviderListings(
  providerId: string,
  page: { limit: number; offset: number },
  trx?: Trx,
): Promise<ProviderListingPage> {
  if (!isUuid(providerId)) return { rows: [], total: 0 };
  const visible = () =>
    whereVisible(
      db(trx)({ s: 'services' })
        .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
        .where('s.provider_id', providerId),
    );
  const rows = await visible()
    .orderBy([{ column: 's.featured', order: 'desc' }, { column: 's.created_at', order: 'desc' }, { column: 's.id' }])
    .limit(page.limit)
    .offset(page.offset)
    .select<(Pick<ListingRow, (typeof ITEM_KEYS)[number]> & { total: number })[]>(
      ...names(pick(LISTING_COLUMNS, ITEM_KEYS), 's'),
      db(trx).raw('(count(*) OVER ())::int AS total'),
    );
  if (rows.length === 0) {
    // Past the last page (or none at all): the total still tells the page where the list ends.
    const [{ total }] = (await visible().count({ total: '*' })) as { total: string }[];
    return { rows: [], total: Number(total) };
  }
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      category: r.category,
      listingType: r.service_type,
      availability: r.availability,
      basePriceCents: toCents(r.base_price),
      pricingUnit: r.pricing_unit,
      ratingAverage: Number(r.rating_average),
      reviewsCount: r.reviews_count,
      additionalCosts: pricingRulesOf(r.additional_costs, []).additionalCosts,
    })),
    total: rows[0]!.total,
  };
}

/** Every public service for /sitemap.xml (id and last change), newest change first. */
export async function listSitemapListings(limit: number, trx?: Trx): Promise<{ id: string; updatedAt: Date }[]> {
  const q = db(trx)({ s: 'services' }).join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  const rows = await whereVisible(q)
    .orderBy([{ column: 's.updated_at', order: 'desc' }, { column: 's.id' }])
    .limit(limit)
    .select<Pick<ListingRow, 'id' | 'updated_at'>[]>('s.id', 's.updated_at');
  return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
}

/**
 * How many visible services each category has (the home page's category cards): the counters the
 * database keeps on every write of services and providers (migrations service_category_counts and
 * service_counts_by_filter, which keeps them per category and filter band), added up per category.
 */
export async function countVisibleByCategory(trx?: Trx): Promise<Record<CategoryId, number>> {
  const rows = await db(trx)('service_category_counts')
    .select('category')
    .sum<{ category: CategoryId; visible: string }[]>({ visible: 'visible' })
    .groupBy('category');
  const counts = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;
  for (const row of rows) if (row.category in counts) counts[row.category] = Math.max(0, Number(row.visible));
  return counts;
}

/** What the listing page reads (catalogue.service findPublicListing). */
export interface PublicListingRead {
  listing: ListingDetail;
  images: ListingImage[];
  /** Verified, visible reviews, newest first. */
  reviews: PublicReview[];
  /** A training course: which one, and its next editions (at most `editionsShown`); null for other services. */
  course: { kind: string; scope: string; editions: CourseEdition[] } | null;
}

/** The page's listing (detail.ts), its course columns and the three lists carried as JSON. */
type PublicListingRow = DetailRow &
  Pick<ListingRow, 'training_kind' | 'training_scope'> & {
    gallery: Record<string, unknown>[];
    service_reviews: Record<string, unknown>[];
    upcoming_editions: Record<string, unknown>[];
  };

/** The listing page's statement, compiled once for each number of editions it shows. */
const publicListingStatement = compiledByShape(
  (shape: { editionsShown: number }, param: (name: 'id' | 'now') => string) =>
    visibleListingQuery(param('id')).select([
      ...DETAIL_COLUMNS,
      's.training_kind',
      's.training_scope',
      jsonRows(imagesQuery(param('id')), 'gallery'),
      jsonRows(listingReviewsQuery(param('id')), 'service_reviews'),
      jsonRows(upcomingQuery(param('id'), param('now'), shape.editionsShown), 'upcoming_editions'),
    ]),
);

/**
 * A visible service with its gallery, its reviews and, for a course, its upcoming editions, in one round
 * trip: the service's row carries the three lists as JSON columns, each the query its own reader sends.
 * null for an unknown, hidden or malformed id.
 */
export async function readPublicListing(
  id: string,
  now: Date,
  editionsShown: number,
  trx?: Trx,
): Promise<PublicListingRead | null> {
  if (!isUuid(id)) return null;
  const statement = publicListingStatement({ editionsShown }, { id, now });
  const [row] = (await prepared<{ rows: PublicListingRow[] }>(statement, trx)).rows;
  if (!row) return null;
  const training = trainingOf(row);
  return {
    listing: toDetail(row),
    images: imagesFromJson(row.gallery),
    reviews: reviewsFromJson(row.service_reviews),
    course: training ? { ...training, editions: editionsFromJson(row.upcoming_editions) } : null,
  };
}
