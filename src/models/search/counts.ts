import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { AVAILABILITY_SETS, distanceKm, queryTsquery, searchMatching, type ListingSearchQuery } from './matching.js';

// How many services a search matches, without reading every match: the counters the database keeps of the
// visible services, or a count that stops past COUNT_LIMIT (the page then says "oltre 1.000 servizi").

/** Past this many matches a search's total is shown as "more than" and its pages end there. */
export const COUNT_LIMIT = 1000;

export interface MatchCount {
  /** The exact number of matches, or COUNT_LIMIT when there are more (`capped`). */
  total: number;
  capped: boolean;
}

/** The edges of the counters' price and rating bands (migration 20270114000400), as the database defines them. */
interface BandEdges {
  price: number[];
  rating: number[];
}

let edges: Promise<BandEdges> | null = null;

/** The bands' edges, read once per process: they change only with a migration, which a restart follows. */
function bandEdges(trx?: Trx): Promise<BandEdges> {
  edges ??= db(trx)
    .first<{ price: string[]; rating: string[] }>(
      db(trx).raw('service_count_price_edges() AS price, service_count_rating_edges() AS rating'),
    )
    .then((row) => ({ price: row.price.map(Number), rating: row.rating.map(Number) }))
    .catch((err: unknown) => {
      edges = null;
      throw err;
    });
  return edges;
}

/**
 * Whether the counters can add up a query's total: no words, no place, no condition they do not keep, and a
 * price range and a minimum rating whose ends are edges of their bands (a band holds its upper price edge and
 * its lower rating edge, the first price band 0 as well).
 */
function keptByCounters(query: ListingSearchQuery, bands: BandEdges): boolean {
  const { price, ratingMin } = query;
  const priceBanded =
    price === null ||
    (bands.price.includes(price.max) && (price.includesMin ? price.min <= 0 : bands.price.includes(price.min)));
  return (
    queryTsquery(query) === '' &&
    !query.training &&
    !query.onlineSync &&
    query.location === null &&
    query.languages.length === 0 &&
    query.certifications.length === 0 &&
    priceBanded &&
    (ratingMin === null || ratingMin <= 0 || bands.rating.includes(ratingMin))
  );
}

/** A query's total added up from the counters (keptByCounters says when that is exact). */
async function countKept(query: ListingSearchQuery, trx?: Trx): Promise<number> {
  const q = db(trx)('service_category_counts').sum<{ sum: string | null }[]>({ sum: 'visible' });
  if (query.category) q.where('category', query.category);
  if (query.price) q.where('price_upto', '>', query.price.min).where('price_upto', '<=', query.price.max);
  if (query.ratingMin !== null) q.where('rating_from', '>=', query.ratingMin);
  const accepted = AVAILABILITY_SETS[query.availability];
  if (accepted) q.where((w) => w.where('service_type', 'instant').orWhereIn('availability', accepted));
  if (query.listingType) q.where('service_type', query.listingType);
  const [row] = await q;
  return Math.max(0, Number(row?.sum ?? 0));
}

/** The bounded count: reads at most COUNT_LIMIT + 1 matches, through the same indexes as the page. */
function boundedCount(query: ListingSearchQuery, trx?: Trx): Knex.QueryBuilder {
  const k = db(trx);
  return k
    .from(
      searchMatching(query, trx)
        .select(k.raw('1'))
        .limit(COUNT_LIMIT + 1)
        .as('m'),
    )
    .count<{ count: string }[]>({ count: '*' });
}

export async function countMatches(query: ListingSearchQuery, trx?: Trx): Promise<MatchCount> {
  if (keptByCounters(query, await bandEdges(trx))) return { total: await countKept(query, trx), capped: false };
  const [row] = await boundedCount(query, trx);
  const counted = Number(row?.count ?? 0);
  return counted > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total: counted, capped: false };
}

/** Whether some match lies outside the radius (found through its service areas): the summary says so. */
export async function anyOutsideRadius(query: ListingSearchQuery, trx?: Trx): Promise<boolean> {
  if (!query.location || query.location.areaNames.length === 0) return false;
  const { lat, lng, radiusKm } = query.location;
  const distance = distanceKm(db(trx), lat, lng);
  const row = await searchMatching(query, trx)
    .where((w) => w.whereNull('s.location_lat').orWhere(distance, '>', radiusKm))
    .first(db(trx).raw('1 AS found'));
  return row !== undefined;
}

/** The plan of a search's count (`EXPLAIN`, optionally ANALYZE): tests and docs/performance.md. */
export async function explainCount(
  query: ListingSearchQuery,
  options: { analyze?: boolean } = {},
  trx?: Trx,
): Promise<string> {
  const { sql, bindings } = boundedCount(query, trx).toSQL();
  const prefix = options.analyze ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)' : 'EXPLAIN (COSTS OFF)';
  const result = await db(trx).raw<{ rows: { 'QUERY PLAN': string }[] }>(
    `${prefix} ${sql}`,
    bindings as Knex.RawBinding[],
  );
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}
