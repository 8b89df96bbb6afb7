import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { matching, type ListingSearchQuery } from './matching.js';

// A search sorted by distance (results.ts): its sort key and its matches read nearest first.

/**
 * The key of a distance sort: the straight-line (chord) distance between the points on earthdistance's
 * sphere, which grows with the great-circle distance the cards show, so it orders them the same way; it is
 * the GiST index's own ordering operator (cube <->), so the index hands the rows over nearest first.
 * NULL for a service without coordinates (sorted last).
 */
export function sortDistance(k: Knex, location: NonNullable<ListingSearchQuery['location']>): Knex.Raw {
  return k.raw('ll_to_earth(s.location_lat, s.location_lng) <-> ll_to_earth(?, ?) AS sort_distance', [
    location.lat,
    location.lng,
  ]);
}

/**
 * The matches of a distance sort without words, nearest first, enough of them for the page: the services
 * within the radius read from the GiST index in distance order (a KNN scan that stops after the page's
 * rows, instead of reading and sorting every service within the radius), and the few services that serve
 * the place from beyond it or without coordinates, sorted. The index orders by distance only: the rows
 * tied with the last one are taken too (WITH TIES), so that the page's own order (ties by relevance, then
 * newest) is applied to all of them above.
 */
export function nearestFirst(
  query: ListingSearchQuery,
  columns: (string | Knex.Raw)[],
  order: string,
  trx?: Trx,
): Knex.QueryBuilder {
  const k = db(trx);
  const enough = query.offset + query.limit;
  const { sql, bindings } = matching(query, trx, 'radius')
    .select([...columns, k.raw('false AS beyond')])
    .toSQL();
  const within = k.raw(`${sql} ORDER BY sort_distance FETCH FIRST (?::int) ROWS WITH TIES`, [...bindings, enough]);
  const parts =
    query.location && query.location.areaNames.length > 0
      ? k.raw('((?) UNION ALL (?))', [
          within,
          matching(query, trx, 'areas beyond')
            .select([...columns, k.raw('true AS beyond')])
            .orderByRaw(order)
            .limit(enough),
        ])
      : k.raw('(?)', [within]);
  // Whether the areas brought in services from beyond the radius: read here, rather than by a query of its own.
  return k.from(k.raw('? AS s', [parts])).select(['s.*', k.raw('bool_or(s.beyond) OVER () AS outside_radius')]);
}
