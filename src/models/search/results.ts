import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { names, pick } from '../../db/columns.js';
import { toCents } from '../../lib/money.js';
import { pricingRulesOf, type AdditionalCostRule } from '../../lib/pricing.js';
import type { Availability, PricingUnit, ListingType } from '../../lib/listing-options.js';
import { LISTING_COLUMNS, type ListingRow } from '../listings/row.js';
import type { ProviderRow } from '../providers/row.js';
import { anyOutsideRadius, COUNT_LIMIT, countMatches } from './counts.js';
import { distanceKm, matching, queryTsquery, type ListingSearchQuery } from './matching.js';
import { BEST_RATED, textCandidates } from './candidates.js';
import { nearestFirst, sortDistance } from './nearest.js';
import { toRankingTsquery } from '../../lib/search-vocabulary.js';

// The search of listings (docs/product.md §7): one page of result cards, the totals, the plan (typos: spelling.ts).

// Callers build the query with the results they read; it is defined beside the conditions it drives.
export type { ListingSearchQuery };

export interface ListingMatch {
  id: string;
  title: string;
  subcategory: string | null;
  category: string;
  featured: boolean;
  listingType: ListingType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  /** The costs every booking adds to the base price (src/lib/pricing.ts), stated beside it on the card. */
  additionalCosts: AdditionalCostRule[];
  city: string | null;
  province: string | null;
  lat: number | null;
  lng: number | null;
  tags: string[];
  ratingAverage: number;
  reviewsCount: number;
  providerId: string;
  providerName: string;
  providerVerified: boolean;
  distanceKm: number | null;
  relevance: number;
}

const CARD_KEYS = [
  'id',
  'title',
  'subcategory',
  'category',
  'featured',
  'service_type',
  'availability',
  'base_price',
  'pricing_unit',
  'additional_costs',
  'location_city',
  'location_province',
  'location_lat',
  'location_lng',
  'tags',
  'rating_average',
  'reviews_count',
  'provider_id',
] as const;

/** A result card's listing (`s`) and provider (`p`) columns, and what the search computed for it. */
type SearchRow = Pick<ListingRow, (typeof CARD_KEYS)[number]> &
  Pick<ProviderRow, 'business_name' | 'verified'> & {
    distance_km: number | null;
    relevance: number;
    /** A text search's candidates: its count up to COUNT_LIMIT + 1 (null for other searches). */
    total_count: string | null;
    outside_radius: boolean | null;
  };

const SEARCH_COLUMNS = [...names(pick(LISTING_COLUMNS, CARD_KEYS), 's'), 'p.business_name', 'p.verified'];

function toSearchRow(row: SearchRow): ListingMatch {
  return {
    id: row.id,
    title: row.title,
    subcategory: row.subcategory,
    category: row.category,
    featured: row.featured,
    listingType: row.service_type,
    availability: row.availability,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
    additionalCosts: pricingRulesOf(row.additional_costs, []).additionalCosts,
    city: row.location_city,
    province: row.location_province,
    lat: row.location_lat,
    lng: row.location_lng,
    tags: row.tags,
    ratingAverage: Number(row.rating_average),
    reviewsCount: row.reviews_count,
    providerId: row.provider_id,
    providerName: row.business_name,
    providerVerified: row.verified,
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
    relevance: Number(row.relevance),
  };
}

/** What the matches carry to be sorted and paged (`s`): the cards' columns are read for the page's rows only. */
const SORT_KEYS = ['s.id', 's.featured', 's.rating_average', 's.reviews_count', 's.created_at', 's.base_price'];

/**
 * The page of results. The inner query finds and sorts the matches carrying only their sort keys; the
 * outer one reads what the cards show for the page's 20 rows. A text search ranks (ts_rank) only its
 * candidates, the first TEXT_CANDIDATES matches in the order of the sort (the best-rated for relevance),
 * so that a common word costs the same as a rare one: scoring every match of "corso" read and ranked
 * tens of thousands of rows for each page.
 */
function resultsPage(query: ListingSearchQuery, trx?: Trx): Knex.QueryBuilder {
  const k = db(trx);
  const tsquery = queryTsquery(query);
  const keys: (string | Knex.Raw)[] = [...SORT_KEYS];
  // A text search orders equal relevance by the best-rated key, read with the candidates.
  if (tsquery) keys.push(k.raw(`${BEST_RATED} AS best_rated`));
  keys.push(
    query.location
      ? k.raw('? AS distance_km', [distanceKm(k, query.location.lat, query.location.lng)])
      : k.raw('NULL::float8 AS distance_km'),
  );
  const byDistance = query.sort === 'distance' && query.location !== null;
  if (byDistance && query.location) keys.push(sortDistance(k, query.location));

  /** The order, on the inner query's columns (table "s", outputs bare) or the outer's ("m"). */
  const orderBy = (t: 's' | 'm'): string => {
    const out = t === 'm' ? 'm.' : '';
    const byRelevance = tsquery
      ? // Among equal relevance the best-rated: featured, rating, reviews as one integer (candidates.ts BEST_RATED).
        [`${out}relevance DESC`, `${t}.best_rated DESC`]
      : [`${t}.featured DESC`];
    const order: Record<ListingSearchQuery['sort'], string[]> = {
      relevance: byRelevance,
      price_asc: [`${t}.base_price ASC`, ...byRelevance],
      price_desc: [`${t}.base_price DESC`, ...byRelevance],
      rating: [`${t}.rating_average DESC`, `${t}.reviews_count DESC`, ...byRelevance],
      distance: byDistance ? [`${out}sort_distance ASC NULLS LAST`, ...byRelevance] : byRelevance,
    };
    // Newest first among equals (docs/product.md §7: featured, then newest), then the id for a stable paging order.
    return [...order[query.sort], `${t}.created_at DESC`, `${t}.id`].join(', ');
  };

  let inner: Knex.QueryBuilder;
  if (tsquery) {
    const candidates = textCandidates(query, [...keys, 's.search_vector'], trx);
    // The candidates are a MATERIALIZED CTE, planned for all their rows: a subquery's plan is chosen for
    // the 20 rows the page takes, and for a price sort PostgreSQL then walks the price index checking
    // each row's words (expecting to stop early) although count(*) OVER () reads every candidate.
    inner = k
      .withMaterialized('candidates', candidates)
      .from({ s: 'candidates' })
      .select([
        ...SORT_KEYS,
        's.best_rated',
        's.distance_km',
        ...(byDistance ? ['s.sort_distance'] : []),
        // Weights D, C, B, A: detailed text, description, subcategory/tags/category, title. Rounded so that
        // near-equal matches fall to the tie-breakers: featured, then well rated.
        k.raw(
          `round(ts_rank('{0.1, 0.2, 0.4, 1.0}', s.search_vector, to_tsquery('it_unaccent', ?))::numeric, 2)::float8 AS relevance`,
          [toRankingTsquery(query.text) || tsquery],
        ),
        // Read once from the materialized candidates (a plan's InitPlan), not by a window over the rows being
        // sorted, which buffered all 1,001 of them before the sort could start.
        k.raw('(SELECT count(*) FROM candidates) AS total_count'),
        // Whether the service areas brought in candidates from outside the radius: read from the candidates
        // too, rather than by a second pass over the word index.
        query.location
          ? k.raw('(SELECT bool_or(c.distance_km IS NULL OR c.distance_km > ?) FROM candidates c) AS outside_radius', [
              query.location.radiusKm,
            ])
          : k.raw('false AS outside_radius'),
      ]);
  } else {
    const columns = [...keys, k.raw('0::float8 AS relevance'), k.raw('NULL::bigint AS total_count')];
    inner = byDistance
      ? nearestFirst(query, columns, orderBy('s'), trx)
      : matching(query, trx).select([...columns, k.raw('NULL::boolean AS outside_radius')]);
  }
  inner.orderByRaw(orderBy('s')).limit(query.limit).offset(query.offset);
  // LATERAL with LIMIT (which keeps PostgreSQL from flattening it into a join it might hash): each of
  // the page's rows is read by its primary key, whatever the size of the table.
  const card = k({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .select(SEARCH_COLUMNS)
    .whereRaw('s.id = m.id')
    .limit(1);
  return k
    .from(inner.as('m'))
    .joinRaw('CROSS JOIN LATERAL (?) AS c', [card as unknown as Knex.Value])
    .select(['c.*', 'm.relevance', 'm.distance_km', 'm.total_count', 'm.outside_radius'])
    .orderByRaw(orderBy('m'));
}

/** A page of results, the number of matches, and whether some of them lie outside the radius. */
export interface ListingSearchResult {
  rows: ListingMatch[];
  /** The number of matches, or COUNT_LIMIT when there are more (`capped`). */
  total: number;
  capped: boolean;
  /** Some matches are farther than the radius (or without coordinates), found through their service areas. */
  outsideRadius: boolean;
}

/** A query whose text condition is empty (no words, or too few for "any of them"). */
export function isEmptyText(query: ListingSearchQuery): boolean {
  return queryTsquery(query) === '';
}

/**
 * One search: the page, its total (a kept counter or a bounded count, counts.ts) and whether
 * the service areas brought in matches from outside the radius, as small queries side by side: a text
 * search's page carries the last two, a distance sort's page the last one.
 */
export async function searchListings(query: ListingSearchQuery, trx?: Trx): Promise<ListingSearchResult> {
  const withText = queryTsquery(query) !== '';
  // A distance sort's page (nearestFirst) carries the radius check too.
  const nearest = !withText && query.sort === 'distance' && query.location !== null;
  const [rows, counted, outside] = await Promise.all([
    resultsPage(query, trx) as Promise<SearchRow[]>,
    // A text search's page carries its count and the radius check (its candidates); a page past the end
    // has no row to carry them.
    withText ? null : countMatches(query, trx),
    withText || nearest ? null : anyOutsideRadius(query, trx),
  ]);
  let count = counted;
  let outsideRadius = outside ?? false;
  if (nearest) {
    const first = rows[0];
    outsideRadius = first ? first.outside_radius === true : await anyOutsideRadius(query, trx);
  }
  if (!count) {
    const first = rows[0];
    if (!first && query.offset === 0) {
      // A text search's first page without a row: its candidates, which are all its matches up to the
      // limit, are none.
      count = { total: 0, capped: false };
      outsideRadius = false;
    } else if (first?.total_count === undefined || first.total_count === null) {
      [count, outsideRadius] = await Promise.all([countMatches(query, trx), anyOutsideRadius(query, trx)]);
    } else {
      const candidates = Number(first.total_count);
      count = { total: Math.min(candidates, COUNT_LIMIT), capped: candidates > COUNT_LIMIT };
      outsideRadius = first.outside_radius === true;
    }
  }
  return { rows: rows.map(toSearchRow), total: count.total, capped: count.capped, outsideRadius };
}

/** The plan of a search (`EXPLAIN`, optionally ANALYZE) as searchListings runs it: tests and notes. */
export async function explainSearch(
  query: ListingSearchQuery,
  options: { analyze?: boolean } = {},
  trx?: Trx,
): Promise<string> {
  const { sql, bindings } = resultsPage(query, trx).toSQL();
  const prefix = options.analyze ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)' : 'EXPLAIN (COSTS OFF)';
  const result = await db(trx).raw<{ rows: { 'QUERY PLAN': string }[] }>(
    `${prefix} ${sql}`,
    bindings as Knex.RawBinding[],
  );
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}
