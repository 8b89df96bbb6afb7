import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { distanceKm, matching, queryTsquery, searchMatching, type ListingSearchQuery } from './matching.js';
import { countVisible } from '../listings/public.js';

// How many services a search matches, without reading every match: the counters of a plain listing, or
// a count that stops past COUNT_LIMIT (the page then says "oltre 1.000 servizi").

/** Past this many matches a search's total is shown as "more than" and its pages end there. */
export const COUNT_LIMIT = 1000;

export interface MatchCount {
  /** The exact number of matches, or COUNT_LIMIT when there are more (`capped`). */
  total: number;
  capped: boolean;
}

/** A listing with no condition but, at most, its category: its total is a counter the database keeps. */
function isPlainCategoryPage(query: ListingSearchQuery): boolean {
  return (
    queryTsquery(query) === '' &&
    !query.training &&
    query.location === null &&
    query.price === null &&
    query.ratingMin === null &&
    !['immediate', 'this_week', 'this_month'].includes(query.availability) &&
    query.listingType === null &&
    query.languages.length === 0 &&
    query.certifications.length === 0
  );
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
  if (isPlainCategoryPage(query)) return { total: await countVisible(query.category, trx), capped: false };
  const [row] = await boundedCount(query, trx);
  const counted = Number(row?.count ?? 0);
  return counted > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total: counted, capped: false };
}

/** Whether some match lies outside the radius (found through its service areas): the summary says so. */
export async function anyOutsideRadius(query: ListingSearchQuery, trx?: Trx): Promise<boolean> {
  if (!query.location || query.location.areaNames.length === 0) return false;
  const { lat, lng, radiusKm } = query.location;
  const distance = distanceKm(db(trx), lat, lng);
  const row = await matching(query, trx)
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
