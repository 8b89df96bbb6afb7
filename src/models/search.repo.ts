import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';
import type { Availability, PricingUnit, ServiceType } from '../lib/service-options.js';
import { distanceKm, matching, toPrefixTsquery, type ServiceSearchQuery } from './search-matching.repo.js';

// The search of services (SPEC §7): one page of result cards, the totals, typo correction, the plan.

// Callers build the query with the results they read; it is defined beside the conditions it drives.
export type { ServiceSearchQuery };

export interface ServiceSearchRow {
  id: string;
  title: string;
  subcategory: string | null;
  category: string;
  featured: boolean;
  serviceType: ServiceType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
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

interface SearchRow {
  id: string;
  title: string;
  subcategory: string | null;
  category: string;
  featured: boolean;
  service_type: ServiceType;
  availability: Availability;
  base_price: string;
  pricing_unit: PricingUnit;
  location_city: string | null;
  location_province: string | null;
  location_lat: number | null;
  location_lng: number | null;
  tags: string[];
  rating_average: string;
  reviews_count: number;
  provider_id: string;
  business_name: string;
  verified: boolean;
  distance_km: number | null;
  relevance: number;
  total_count: number;
  outside_count: number | null;
}

const SEARCH_COLUMNS = [
  's.id',
  's.title',
  's.subcategory',
  's.category',
  's.featured',
  's.service_type',
  's.availability',
  's.base_price',
  's.pricing_unit',
  's.location_city',
  's.location_province',
  's.location_lat',
  's.location_lng',
  's.tags',
  's.rating_average',
  's.reviews_count',
  's.provider_id',
  'p.business_name',
  'p.verified',
];

function toSearchRow(row: SearchRow): ServiceSearchRow {
  return {
    id: row.id,
    title: row.title,
    subcategory: row.subcategory,
    category: row.category,
    featured: row.featured,
    serviceType: row.service_type,
    availability: row.availability,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
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

/**
 * The page of results. The inner query finds, ranks and sorts the matches carrying only their sort keys
 * (and the total, when `withTotal`), so the rows every match goes through stay narrow; the outer one
 * reads what the cards show for the page's 20 rows.
 */
function resultsPage(query: ServiceSearchQuery, withTotal: boolean, trx?: Trx): Knex.QueryBuilder {
  const k = db(trx);
  const tsquery = toPrefixTsquery(query.text);
  const keys: (string | Knex.Raw)[] = ['s.id', 's.featured', 's.rating_average', 's.reviews_count', 's.created_at', 's.base_price'];
  // Weights D, C, B, A: detailed text, description, subcategory/tags/category, title. Rounded so that
  // near-equal matches fall to the tie-breakers: featured, then well rated.
  keys.push(
    tsquery
      ? k.raw(`round(ts_rank('{0.1, 0.2, 0.4, 1.0}', s.search_vector, to_tsquery('it_unaccent', ?))::numeric, 2)::float8 AS relevance`, [tsquery])
      : k.raw('0::float8 AS relevance'),
  );
  keys.push(
    query.location
      ? k.raw('? AS distance_km', [distanceKm(k, query.location.lat, query.location.lng)])
      : k.raw('NULL::float8 AS distance_km'),
  );
  if (withTotal) {
    keys.push(k.raw('count(*) OVER () AS total_count'));
    // Matches that are not within the radius: in only because their service areas name the place.
    keys.push(
      query.location
        ? k.raw('count(*) FILTER (WHERE ? IS NULL OR ? > ?) OVER () AS outside_count', [
            distanceKm(k, query.location.lat, query.location.lng),
            distanceKm(k, query.location.lat, query.location.lng),
            query.location.radiusKm,
          ])
        : k.raw('0 AS outside_count'),
    );
  }

  /** The order, on the inner query's columns (table "s", outputs bare) or the outer's ("m"). */
  const orderBy = (t: 's' | 'm'): string => {
    const out = t === 'm' ? 'm.' : '';
    const byRelevance = tsquery
      ? [`${out}relevance DESC`, `${t}.featured DESC`, `${t}.rating_average DESC`, `${t}.reviews_count DESC`]
      : [`${t}.featured DESC`];
    const order: Record<ServiceSearchQuery['sort'], string[]> = {
      relevance: byRelevance,
      price_asc: [`${t}.base_price ASC`, ...byRelevance],
      price_desc: [`${t}.base_price DESC`, ...byRelevance],
      rating: [`${t}.rating_average DESC`, `${t}.reviews_count DESC`, ...byRelevance],
      distance: query.location ? [`${out}distance_km ASC NULLS LAST`, ...byRelevance] : byRelevance,
    };
    // Newest first among equals (SPEC §7: featured, then newest), then the id for a stable paging order.
    return [...order[query.sort], `${t}.created_at DESC`, `${t}.id`].join(', ');
  };

  const inner = matching(query, trx).select(keys).orderByRaw(orderBy('s')).limit(query.limit).offset(query.offset);
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
    .select(['c.*', 'm.relevance', 'm.distance_km', ...(withTotal ? ['m.total_count', 'm.outside_count'] : [])])
    .orderByRaw(orderBy('m'));
}

/** A page of results, the number of matches, and how many of them lie outside the radius. */
export interface ServiceSearchResult {
  rows: ServiceSearchRow[];
  total: number;
  /** Matches farther than the radius (or without coordinates) found through their service areas. */
  outsideRadius: number;
}

/**
 * One search. When the order needs every match anyway (a text, a location, a sort on price or rating)
 * the totals come with the page (count(*) OVER ()); the plain listing instead reads its first rows in
 * index order (featured, newest) and counts apart. A page past the end has no rows to carry the
 * totals: its total is counted apart and outsideRadius is 0 (the caller asks for the last page then).
 */
export async function searchServices(query: ServiceSearchQuery, trx?: Trx): Promise<ServiceSearchResult> {
  const ordersEverything = toPrefixTsquery(query.text) !== '' || query.location !== null || query.sort !== 'relevance';
  if (!ordersEverything) {
    const [rows, counted] = await Promise.all([
      resultsPage(query, false, trx) as Promise<SearchRow[]>,
      matching(query, trx).count<{ count: number }[]>({ count: '*' }),
    ]);
    return { rows: rows.map(toSearchRow), total: Number(counted[0]?.count ?? 0), outsideRadius: 0 };
  }
  const rows = (await resultsPage(query, true, trx)) as SearchRow[];
  if (rows.length === 0 && query.offset > 0) {
    const counted = await matching(query, trx).count<{ count: number }[]>({ count: '*' });
    return { rows: [], total: Number(counted[0]?.count ?? 0), outsideRadius: 0 };
  }
  return {
    rows: rows.map(toSearchRow),
    total: rows[0] ? Number(rows[0].total_count) : 0,
    outsideRadius: rows[0] ? Number(rows[0].outside_count ?? 0) : 0,
  };
}

/**
 * Typo correction for a search that found nothing: each word of 4+ letters is replaced by the most
 * similar word of the services' vocabulary (trigram similarity, GIN index on search_terms), if any.
 * Returns the corrected text, or null when nothing changed.
 */
export async function correctSpelling(text: string, trx?: Trx): Promise<string | null> {
  const words = (text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
  if (!words.some((w) => w.length >= 4)) return null;
  const result = await db(trx).raw<{ rows: { folded: string; term: string | null }[] }>(
    `SELECT f_unaccent(w.word) AS folded,
            CASE WHEN length(w.word) < 4 THEN NULL ELSE (
              SELECT t.term FROM search_terms t
              WHERE t.term % f_unaccent(w.word)
              ORDER BY similarity(t.term, f_unaccent(w.word)) DESC, t.term
              LIMIT 1) END AS term
     FROM unnest(?::text[]) WITH ORDINALITY AS w(word, n)
     ORDER BY w.n`,
    [words],
  );
  const changed = result.rows.some((r) => r.term !== null && r.term !== r.folded);
  return changed ? result.rows.map((r) => r.term ?? r.folded).join(' ') : null;
}

/** The plan of a search (`EXPLAIN`, optionally ANALYZE) as searchServices runs it: tests and notes. */
export async function explainSearch(query: ServiceSearchQuery, options: { analyze?: boolean } = {}, trx?: Trx): Promise<string> {
  const { sql, bindings } = resultsPage(query, true, trx).toSQL();
  const prefix = options.analyze ? 'EXPLAIN (ANALYZE, COSTS OFF)' : 'EXPLAIN (COSTS OFF)';
  const result = await db(trx).raw<{ rows: { 'QUERY PLAN': string }[] }>(`${prefix} ${sql}`, bindings as Knex.RawBinding[]);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}
