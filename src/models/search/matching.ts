import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import type { Availability, ListingType } from '../../lib/listing-options.js';
import { whereVisible } from '../listings/public.js';
import { toAnyWordTsquery, toSearchTsquery } from '../../lib/search-vocabulary.js';
import type { TrainingKind, TrainingScope } from '../../lib/training-kinds.js';

// Which services a search matches: the text, the place, the filters. results.ts orders and reads them.

export interface ListingSearchQuery {
  /** Free text as typed (already trimmed and truncated); empty = no text condition. */
  text: string;
  /** Any one of the text's terms will do (the relaxed search); absent or false: all of them. */
  anyWord?: boolean;
  /** Courses of this kind of mandatory training, and of this level when given (the renewal links). */
  training?: { kind: TrainingKind; level: TrainingScope | null } | null;
  /** Only courses with a live online edition still open for booking (a renewal search's online ones). */
  onlineSync?: boolean;
  location: { lat: number; lng: number; radiusKm: number; areaNames: string[] } | null;
  category: string | null;
  /** Base price in euros between min and max; min itself only when `includesMin` (buckets do not overlap). */
  price: { min: number; max: number; includesMin: boolean } | null;
  ratingMin: number | null;
  /** 'immediate' | 'this_week' | 'this_month' | 'any' */
  availability: string;
  listingType: ListingType | null;
  languages: string[];
  certifications: string[];
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'rating' | 'distance';
  limit: number;
  offset: number;
}

/** Great-circle distances use an Earth radius of 6371 km (docs/product.md §9); earthdistance's earth() is 6378168 m. */
const EARTH_RADIUS_KM = 6371;

/**
 * The words of a search as a to_tsquery() expression, the vocabulary's synonyms as alternatives
 * (src/lib/search-vocabulary.ts): what every query of the search matches.
 */
export const toPrefixTsquery = toSearchTsquery;

/** The text condition of a query: all its terms, or any one of them (the relaxed search of an empty result). */
export function queryTsquery(query: Pick<ListingSearchQuery, 'text' | 'anyWord'>): string {
  return query.anyWord ? toAnyWordTsquery(query.text) : toSearchTsquery(query.text);
}

/** The availabilities each "available within" filter accepts (an instant service is always accepted). */
export const AVAILABILITY_SETS: Record<string, Availability[]> = {
  immediate: ['immediate'],
  this_week: ['immediate', 'within_week'],
  this_month: ['immediate', 'within_week', 'within_month'],
};

/**
 * Great-circle distance in km from a point to the service (haversine, R = 6371 km): plain arithmetic on
 * the row's own columns, several times cheaper per row than earth_distance() on ll_to_earth().
 */
export function distanceKm(k: Knex, lat: number, lng: number): Knex.Raw {
  // least() skips NULLs: without the CASE a service with no coordinates would be half a world away.
  return k.raw(
    `(CASE WHEN s.location_lat IS NULL THEN NULL ELSE
       2 * ? * asin(least(1, sqrt(power(sin(radians(s.location_lat - ?) / 2), 2)
       + cos(radians(?)) * cos(radians(s.location_lat)) * power(sin(radians(s.location_lng - ?) / 2), 2)))) END)`,
    [EARTH_RADIUS_KM, lat, lat, lng],
  );
}

/**
 * Which part of the place condition a query reads. 'all': within the radius or serving the place (the
 * search); 'radius': within the radius only, so that the GiST index can hand the rows over nearest first
 * (a distance sort); 'areas beyond': serving the place and not within the radius (without coordinates, or
 * farther): with 'radius', the two disjoint halves of 'all'.
 */
export type PlacePart = 'all' | 'radius' | 'areas beyond';

/**
 * The matches of a text search as its page and its count read them (`s`: the columns of service_search only):
 * the visible services' narrow copy (migration 20270109000100_service_search), whose rows are exactly those
 * whereVisible keeps, its words, price, rating and place answered by one index (wordsNear); any other search,
 * matching().
 */
export function searchMatching(query: ListingSearchQuery, trx?: Trx): Knex.QueryBuilder {
  const tsquery = queryTsquery(query);
  if (!tsquery) return matching(query, trx);
  const q = withFilters(db(trx)({ s: 'service_search' }), query, trx, true).whereRaw(wordsMatch, [tsquery]);
  if (query.location) wordsNear(q, db(trx), query.location);
  return q;
}

/**
 * A text search's place on service_search: the facets of the cells around it and of its areas, which the word
 * index holds beside the words (service_search_circle_facets, migration 20270114000800_service_search_places),
 * then on each row the exact distance or the areas.
 */
function wordsNear(q: Knex.QueryBuilder, k: Knex, location: NonNullable<ListingSearchQuery['location']>): void {
  const { lat, lng, radiusKm, areaNames } = location;
  q.whereRaw('s.facets && service_search_circle_facets(?, ?, ?, ?::text[])', [lat, lng, radiusKm, areaNames]);
  q.where((w) => {
    w.where(distanceKm(k, lat, lng), '<=', radiusKm);
    if (areaNames.length > 0) w.orWhereRaw('s.service_areas && ?::text[]', [areaNames]);
  });
}

/**
 * Which services a search without words, or a saved search, matches (FROM, JOIN and WHERE; no columns, no
 * order): Italian full text (GIN on search_vector); a radius around a point (GiST on ll_to_earth through
 * earth_box, whose box contains the circle, then the exact distance) or service areas naming the place (GIN on
 * service_areas); the filters.
 */
export function matching(query: ListingSearchQuery, trx?: Trx, place: PlacePart = 'all'): Knex.QueryBuilder {
  const k = db(trx);
  const tsquery = queryTsquery(query);
  const q = k({ s: 'services' });
  if (place === 'areas beyond') {
    // A few rows (services naming the place, outside its radius): their provider is looked up row by row
    // by its key. A plain join is planned for the rows the areas index might give and hashes every
    // provider (a sequential scan of provider_profiles for a handful of services).
    q.joinRaw(
      'CROSS JOIN LATERAL (SELECT pp.user_id, pp.active FROM provider_profiles pp WHERE pp.user_id = s.provider_id LIMIT 1) AS p',
    );
  } else {
    q.join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  }
  whereVisible(q);

  if (tsquery) q.whereRaw(wordsMatch, [tsquery]);

  if (query.location) {
    const { lat, lng, radiusKm, areaNames } = query.location;
    // earth_box works in earth() units (6378168 m): the radius is scaled to the 6371 km sphere, so the box
    // contains the circle. The first condition is exactly what the indexes answer (GiST box OR GIN areas),
    // so PostgreSQL does not evaluate it again row by row; the second is the exact, cheap distance check.
    const inBox = (w: Knex.QueryBuilder): Knex.QueryBuilder =>
      w
        .whereNotNull('s.location_lat')
        .whereRaw('earth_box(ll_to_earth(?, ?), ? * earth() / ?) @> ll_to_earth(s.location_lat, s.location_lng)', [
          lat,
          lng,
          radiusKm,
          EARTH_RADIUS_KM,
        ]);
    const inRadius = (w: Knex.QueryBuilder): Knex.QueryBuilder =>
      w.where(inBox).where(distanceKm(k, lat, lng), '<=', radiusKm);
    const serving = (w: Knex.QueryBuilder): Knex.QueryBuilder =>
      w.whereRaw('s.service_areas && ?::text[]', [areaNames]);
    if (place === 'radius') {
      q.where(inRadius);
    } else if (place === 'areas beyond') {
      // Not within the radius: no coordinates, outside the box, or inside the box but beyond the circle.
      q.where(serving).whereNot((w) => w.where(inRadius));
    } else if (areaNames.length > 0) {
      q.where((w) => w.where(inBox).orWhere(serving));
      q.where((w) => w.where(distanceKm(k, lat, lng), '<=', radiusKm).orWhere(serving));
    } else {
      q.where(inRadius);
    }
  }

  return withFilters(q, query, trx);
}

/**
 * A price or rating filter (`condition`). On service_search (`facets`) it is also asked as the bands it can fall
 * in (service_search_<kind>_facets), which the word index holds beside the words, and the condition is written
 * `service_search_<kind>_banded(…) OR condition`, which PostgreSQL reduces to nothing while planning when the
 * bands say exactly the same; sorted by that column (`sorted`), the condition stays: it bounds the walk of its
 * index.
 */
function bandedFilter(
  q: Knex.QueryBuilder,
  facets: boolean,
  kind: 'price' | 'rating',
  values: Knex.Value[],
  sorted: boolean,
  condition: (w: Knex.QueryBuilder) => Knex.QueryBuilder,
): void {
  if (!facets) {
    q.where(condition);
    return;
  }
  const args = values.map(() => '?').join(', ');
  q.whereRaw(`s.facets && service_search_${kind}_facets(${args})`, values);
  if (sorted) q.where(condition);
  else q.where((w) => w.whereRaw(`service_search_${kind}_banded(${args})`, values).orWhere(condition));
}

/** The text condition, which the word index answers (GIN on search_vector). */
const wordsMatch = `s.search_vector @@ to_tsquery('it_unaccent', ?)`;

/**
 * The conditions other than words and place, on columns that `services` and `service_search` both have. On
 * service_search (`facets`) the price and rating are also asked as the bands they fall in (bandedFilter,
 * migration 20270114000700_service_search_facets).
 */
function withFilters(q: Knex.QueryBuilder, query: ListingSearchQuery, trx?: Trx, facets = false): Knex.QueryBuilder {
  const k = db(trx);
  if (query.training) {
    q.where('s.training_kind', query.training.kind);
    if (query.training.level) q.where('s.training_scope', query.training.level);
  }
  if (query.onlineSync) {
    q.whereExists(
      k({ e: 'course_editions' })
        .select(k.raw('1'))
        .whereRaw('e.service_id = s.id')
        .where('e.delivery_mode', 'online_sync')
        .whereNot('e.status', 'cancelled')
        .whereRaw('e.booking_deadline > now()')
        .whereRaw('e.seats_taken + e.seats_held < e.seats'),
    );
  }
  if (query.category) q.where('s.category', query.category);
  const { price, ratingMin, sort } = query;
  if (price) {
    bandedFilter(
      q,
      facets,
      'price',
      [price.min, price.max, price.includesMin],
      sort === 'price_asc' || sort === 'price_desc',
      (w) => w.where('s.base_price', price.includesMin ? '>=' : '>', price.min).where('s.base_price', '<=', price.max),
    );
  }
  if (ratingMin !== null) {
    bandedFilter(q, facets, 'rating', [ratingMin], sort === 'rating', (w) =>
      w.where('s.rating_average', '>=', ratingMin),
    );
  }
  const accepted = AVAILABILITY_SETS[query.availability];
  if (accepted) {
    // An instant service is always bookable at once: it counts as "immediate" (docs/product.md §4).
    q.where((w) => w.where('s.service_type', 'instant').orWhereIn('s.availability', accepted));
  }
  if (query.listingType) q.where('s.service_type', query.listingType);
  if (query.languages.length > 0) q.whereRaw('s.languages && ?::text[]', [query.languages]);
  if (query.certifications.length > 0) {
    // Qualifications of the provider (provider_profiles.certifications[].name), matched as Italian words in
    // any order ("Medico Competente" finds "Elenco nazionale dei medici competenti"); any option will do.
    // Evaluated once per provider, not per service.
    q.whereIn(
      's.provider_id',
      k({ pc: 'provider_profiles' })
        .select('pc.user_id')
        .whereRaw(
          `EXISTS (SELECT 1 FROM jsonb_array_elements(pc.certifications) AS c(item), unnest(?::text[]) AS o(name)
                   WHERE jsonb_typeof(c.item) = 'object'
                     AND to_tsvector('it_unaccent', coalesce(c.item ->> 'name', '')) @@ plainto_tsquery('it_unaccent', o.name))`,
          [query.certifications],
        ),
    );
  }
  return q;
}
