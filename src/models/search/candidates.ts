import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { COUNT_LIMIT } from './counts.js';
import { searchMatching, type ListingSearchQuery } from './matching.js';

// Which matches of a text search are ranked (results.ts ranks them and pages them).

/**
 * How many matches of a text search are ranked: one more than the count shows (counts.ts), so
 * that the candidates are also the text search's count, "oltre 1.000" when all of them are there.
 */
const TEXT_CANDIDATES = COUNT_LIMIT + 1;

/**
 * The best-rated order's key (featured, rating, reviews as one integer: migration 20270114000600_best_rated_order_key),
 * kept by service_search, which a text search reads: relevance's candidates are read in that order, and it orders
 * equal relevance (results.ts).
 */
export const BEST_RATED = 's.best_rated';

/**
 * The leading keys of the order that picks a text search's candidates: the sort's own, or for relevance the
 * best-rated first. Each is an order of service_search's indexes but the distance from a place.
 */
function candidateLead(query: ListingSearchQuery): string {
  const bestFirst = `${BEST_RATED} DESC`;
  const lead: Record<ListingSearchQuery['sort'], string> = {
    relevance: bestFirst,
    price_asc: 's.base_price ASC',
    price_desc: 's.base_price DESC',
    rating: 's.rating_average DESC, s.reviews_count DESC',
    distance: query.location ? 'sort_distance ASC NULLS LAST' : bestFirst,
  };
  return lead[query.sort];
}

/**
 * A text search's candidates (`columns`): its first TEXT_CANDIDATES matches in the order candidateLead
 * begins (newest, then the id, among equals). In the best-rated, price and rating orders they come from two
 * indexes over that order (migrations 20270114000200_service_search_long_words and
 * 20270114000900_service_search_order_words): the rows whose words the index carries, checked in the index
 * alone, and the rows whose words are too long for an index entry, checked on the row; each half stops at
 * TEXT_CANDIDATES and the two are merged in the same order. By distance, every match is read and sorted.
 */
export function textCandidates(
  query: ListingSearchQuery,
  columns: (string | Knex.Raw)[],
  trx?: Trx,
): Knex.QueryBuilder {
  const order = `${candidateLead(query)}, s.created_at DESC, s.id`;
  const first = (q: Knex.QueryBuilder): Knex.QueryBuilder => q.select(columns).orderByRaw(order).limit(TEXT_CANDIDATES);
  if (query.sort === 'distance' && query.location) return first(searchMatching(query, trx));
  const k = db(trx);
  // The halves' conditions written out, not bound: only a condition the planner can read matches a partial
  // index's predicate.
  const halves = ['s.words_in_index', 'NOT s.words_in_index'].map((half) =>
    first(searchMatching(query, trx).whereRaw(half)),
  );
  return k
    .from(k.raw('((?) UNION ALL (?)) AS s', halves as unknown as Knex.Value[]))
    .select('s.*')
    .orderByRaw(order)
    .limit(TEXT_CANDIDATES);
}
