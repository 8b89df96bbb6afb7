import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';
import { CATEGORY_IDS, type CategoryId } from './categories.repo.js';
import { isUuid } from '../lib/uuid.js';

import type { Availability, LocationType, PricingUnit, ServiceType } from '../lib/service-options.js';

export type { Availability, LocationType, PricingUnit, ServiceType };

/**
 * A service people may see: itself active (and published), its provider active. Every public query of
 * this file applies it; `s` is services and `p` provider_profiles.
 */
function whereVisible(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q.where('s.active', true).where('s.status', 'active').where('p.active', true);
}

/** Great-circle distances use an Earth radius of 6371 km (SPEC §9); earthdistance's earth() is 6378168 m. */
const EARTH_RADIUS_KM = 6371;

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

export interface ServiceSearchQuery {
  /** Free text as typed (already trimmed and truncated); empty = no text condition. */
  text: string;
  location: { lat: number; lng: number; radiusKm: number; areaNames: string[] } | null;
  category: string | null;
  /** Base price in euros between min and max; min itself only when `includesMin` (buckets do not overlap). */
  price: { min: number; max: number; includesMin: boolean } | null;
  ratingMin: number | null;
  /** 'immediate' | 'this_week' | 'this_month' | 'any' */
  availability: string;
  serviceType: ServiceType | null;
  languages: string[];
  certifications: string[];
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'rating' | 'distance';
  limit: number;
  offset: number;
}

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
 * The words of a search as a to_tsquery() expression: letters and digits only (nothing of the tsquery
 * syntax gets through), all words required, the last one also as a prefix ("antinc" finds "antincendio").
 * The it_unaccent configuration stems and folds them like the indexed text; stop words drop out.
 */
export function toPrefixTsquery(text: string): string {
  const words = (text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
  return words.map((w, i) => (i === words.length - 1 && w.length >= 3 ? `${w}:*` : w)).join(' & ');
}

const AVAILABILITY_SETS: Record<string, Availability[]> = {
  immediate: ['immediate'],
  this_week: ['immediate', 'within_week'],
  this_month: ['immediate', 'within_week', 'within_month'],
};

/**
 * Great-circle distance in km from a point to the service (haversine, R = 6371 km): plain arithmetic on
 * the row's own columns, several times cheaper per row than earth_distance() on ll_to_earth().
 */
function distanceKm(k: Knex, lat: number, lng: number): Knex.Raw {
  // least() skips NULLs: without the CASE a service with no coordinates would be half a world away.
  return k.raw(
    `(CASE WHEN s.location_lat IS NULL THEN NULL ELSE
       2 * ? * asin(least(1, sqrt(power(sin(radians(s.location_lat - ?) / 2), 2)
       + cos(radians(?)) * cos(radians(s.location_lat)) * power(sin(radians(s.location_lng - ?) / 2), 2)))) END)`,
    [EARTH_RADIUS_KM, lat, lat, lng],
  );
}

/**
 * Which services a search matches (FROM, JOIN and WHERE; no columns, no order): Italian full text (GIN on
 * search_vector); a radius around a point (GiST on ll_to_earth through earth_box, whose box contains the
 * circle, then the exact distance) or service areas naming the place (GIN on service_areas); the filters.
 */
function matching(query: ServiceSearchQuery, trx?: Trx): Knex.QueryBuilder {
  const k = db(trx);
  const q = k({ s: 'services' }).join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  whereVisible(q);

  const tsquery = toPrefixTsquery(query.text);
  if (tsquery) q.whereRaw(`s.search_vector @@ to_tsquery('it_unaccent', ?)`, [tsquery]);

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
    if (areaNames.length > 0) {
      q.where((w) => w.where(inBox).orWhereRaw('s.service_areas && ?::text[]', [areaNames]));
      q.where((w) => w.where(distanceKm(k, lat, lng), '<=', radiusKm).orWhereRaw('s.service_areas && ?::text[]', [areaNames]));
    } else {
      q.where(inBox).where(distanceKm(k, lat, lng), '<=', radiusKm);
    }
  }

  if (query.category) q.where('s.category', query.category);
  if (query.price) {
    q.where('s.base_price', query.price.includesMin ? '>=' : '>', query.price.min).where('s.base_price', '<=', query.price.max);
  }
  if (query.ratingMin !== null) q.where('s.rating_average', '>=', query.ratingMin);
  const accepted = AVAILABILITY_SETS[query.availability];
  if (accepted) {
    // An instant service is always bookable at once: it counts as "immediate" (SPEC §4).
    q.where((w) => w.where('s.service_type', 'instant').orWhereIn('s.availability', accepted));
  }
  if (query.serviceType) q.where('s.service_type', query.serviceType);
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

// ---------------------------------------------------------------------------------------------------------
// Service page, provider page, sitemap
// ---------------------------------------------------------------------------------------------------------

export interface Requirement {
  name: string;
  mandatory: boolean;
  description: string | null;
}

export interface ServiceDetail {
  id: string;
  title: string;
  description: string;
  detailedDescription: string | null;
  category: string;
  subcategory: string | null;
  featured: boolean;
  serviceType: ServiceType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  currency: string;
  serviceAreas: string[];
  locationType: LocationType;
  city: string | null;
  province: string | null;
  lat: number | null;
  lng: number | null;
  durationHours: number | null;
  maxParticipants: number | null;
  deliverables: string[];
  requirements: Requirement[];
  certificationsProvided: string[];
  languages: string[];
  tags: string[];
  ratingAverage: number;
  reviewsCount: number;
  updatedAt: Date;
  provider: {
    id: string;
    businessName: string;
    city: string | null;
    province: string | null;
    description: string | null;
    experienceYears: number | null;
    teamSize: number;
    phone: string | null;
    website: string | null;
    contactEmail: string | null;
    accountEmail: string;
    specializations: string[];
    ratingAverage: number;
    reviewsCount: number;
    verified: boolean;
  };
}

const DETAIL_COLUMNS: (string | Record<string, string>)[] = [
  's.id',
  's.title',
  's.description',
  's.detailed_description',
  's.category',
  's.subcategory',
  's.featured',
  's.service_type',
  's.availability',
  's.base_price',
  's.pricing_unit',
  's.currency',
  's.service_areas',
  's.location_type',
  's.location_city',
  's.location_province',
  's.location_lat',
  's.location_lng',
  's.duration_hours',
  's.max_participants',
  's.deliverables',
  's.requirements',
  's.certifications_provided',
  's.languages',
  's.tags',
  's.rating_average',
  's.reviews_count',
  's.updated_at',
  's.provider_id',
  'p.business_name',
  'p.address_city',
  'p.address_province',
  { provider_description: 'p.description' },
  'p.experience_years',
  'p.team_size',
  'p.phone',
  'p.contact_phone',
  'p.website',
  'p.contact_email',
  { account_email: 'u.email' },
  'p.specializations',
  { provider_rating_average: 'p.rating_average' },
  { provider_reviews_count: 'p.reviews_count' },
  'p.verified',
];

interface DetailRow {
  id: string;
  title: string;
  description: string;
  detailed_description: string | null;
  category: string;
  subcategory: string | null;
  featured: boolean;
  service_type: ServiceType;
  availability: Availability;
  base_price: string;
  pricing_unit: PricingUnit;
  currency: string;
  service_areas: string[];
  location_type: LocationType;
  location_city: string | null;
  location_province: string | null;
  location_lat: number | null;
  location_lng: number | null;
  duration_hours: number | null;
  max_participants: number | null;
  deliverables: string[];
  requirements: unknown;
  certifications_provided: string[];
  languages: string[];
  tags: string[];
  rating_average: string;
  reviews_count: number;
  updated_at: Date;
  provider_id: string;
  business_name: string;
  address_city: string | null;
  address_province: string | null;
  provider_description: string | null;
  experience_years: number | null;
  team_size: number;
  phone: string | null;
  contact_phone: string | null;
  website: string | null;
  contact_email: string | null;
  account_email: string;
  specializations: string[];
  provider_rating_average: string;
  provider_reviews_count: number;
  verified: boolean;
}

/** requirements is jsonb written by forms: keep only well-formed entries. */
function toRequirements(value: unknown): Requirement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r: unknown) => {
    if (!r || typeof r !== 'object') return [];
    const { name, mandatory, description } = r as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [{ name, mandatory: mandatory === true, description: typeof description === 'string' && description.trim() ? description : null }];
  });
}

function toDetail(row: DetailRow): ServiceDetail {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    detailedDescription: row.detailed_description,
    category: row.category,
    subcategory: row.subcategory,
    featured: row.featured,
    serviceType: row.service_type,
    availability: row.availability,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
    currency: row.currency,
    serviceAreas: row.service_areas,
    locationType: row.location_type,
    city: row.location_city,
    province: row.location_province,
    lat: row.location_lat,
    lng: row.location_lng,
    durationHours: row.duration_hours,
    maxParticipants: row.max_participants,
    deliverables: row.deliverables,
    requirements: toRequirements(row.requirements),
    certificationsProvided: row.certifications_provided,
    languages: row.languages,
    tags: row.tags,
    ratingAverage: Number(row.rating_average),
    reviewsCount: row.reviews_count,
    updatedAt: row.updated_at,
    provider: {
      id: row.provider_id,
      businessName: row.business_name,
      city: row.address_city,
      province: row.address_province,
      description: row.provider_description,
      experienceYears: row.experience_years,
      teamSize: row.team_size,
      phone: row.phone ?? row.contact_phone,
      website: row.website,
      contactEmail: row.contact_email,
      accountEmail: row.account_email,
      specializations: row.specializations,
      ratingAverage: Number(row.provider_rating_average),
      reviewsCount: row.provider_reviews_count,
      verified: row.verified,
    },
  };
}

/** An active service of an active provider with what its page shows; null for unknown, inactive or malformed ids. */
export async function findPublicService(id: string, trx?: Trx): Promise<ServiceDetail | null> {
  if (!isUuid(id)) return null;
  const q = db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .join({ u: 'users' }, 'u.id', 'p.user_id')
    .where('s.id', id);
  const row = await whereVisible(q).first<DetailRow | undefined>(DETAIL_COLUMNS);
  return row ? toDetail(row) : null;
}

export interface ServiceImage {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  altText: string | null;
  /** [{ size, key }]: square thumbnails (150, 300, 600 px). */
  variants: { size: number; key: string }[];
}

export async function listServiceImages(serviceId: string, trx?: Trx): Promise<ServiceImage[]> {
  const rows = await db(trx)('service_images')
    .select<{ id: string; storage_key: string; width: number; height: number; alt_text: string | null; variants: unknown }[]>(
      'id',
      'storage_key',
      'width',
      'height',
      'alt_text',
      'variants',
    )
    .where('service_id', serviceId)
    .orderBy([{ column: 'position' }, { column: 'created_at' }]);
  return rows.map((r) => ({
    id: r.id,
    storageKey: r.storage_key,
    width: r.width,
    height: r.height,
    altText: r.alt_text,
    variants: Array.isArray(r.variants)
      ? (r.variants as unknown[]).flatMap((v) => {
          const { size, key } = (v ?? {}) as Record<string, unknown>;
          return typeof size === 'number' && typeof key === 'string' ? [{ size, key }] : [];
        })
      : [],
  }));
}

export interface ServiceReview {
  id: string;
  rating: number;
  title: string | null;
  comment: string | null;
  createdAt: Date;
  /** The reviewing company (client profile, else the account's company name); null: anonymous. */
  reviewerName: string | null;
}

/** SPEC §7: the verified reviews of a service, newest first. */
export async function listVerifiedReviews(serviceId: string, trx?: Trx): Promise<ServiceReview[]> {
  const rows = await db(trx)({ r: 'reviews' })
    .join({ u: 'users' }, 'u.id', 'r.reviewer_id')
    .leftJoin({ c: 'client_profiles' }, 'c.user_id', 'r.reviewer_id')
    .where({ 'r.service_id': serviceId, 'r.verified': true })
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id' }])
    .select<{ id: string; rating: number; title: string | null; comment: string | null; created_at: Date; reviewer_name: string | null }[]>(
      'r.id',
      'r.rating',
      'r.title',
      'r.comment',
      'r.created_at',
      db(trx).raw('coalesce(c.company_name, u.company_name) AS reviewer_name'),
    );
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    createdAt: r.created_at,
    reviewerName: r.reviewer_name,
  }));
}

export interface ProviderServiceRow {
  id: string;
  title: string;
  description: string;
  category: string;
  serviceType: ServiceType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  ratingAverage: number;
  reviewsCount: number;
}

/** The active services of a provider for its public page: featured first, then the newest. */
export async function listProviderServices(providerId: string, trx?: Trx): Promise<ProviderServiceRow[]> {
  if (!isUuid(providerId)) return [];
  const q = db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where('s.provider_id', providerId);
  const rows = await whereVisible(q)
    .orderBy([{ column: 's.featured', order: 'desc' }, { column: 's.created_at', order: 'desc' }, { column: 's.id' }])
    .select<
      {
        id: string;
        title: string;
        description: string;
        category: string;
        service_type: ServiceType;
        availability: Availability;
        base_price: string;
        pricing_unit: PricingUnit;
        rating_average: string;
        reviews_count: number;
      }[]
    >('s.id', 's.title', 's.description', 's.category', 's.service_type', 's.availability', 's.base_price', 's.pricing_unit', 's.rating_average', 's.reviews_count');
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    serviceType: r.service_type,
    availability: r.availability,
    basePriceCents: toCents(r.base_price),
    pricingUnit: r.pricing_unit,
    ratingAverage: Number(r.rating_average),
    reviewsCount: r.reviews_count,
  }));
}

/** Every public service for /sitemap.xml (id and last change), newest change first. */
export async function listSitemapServices(limit: number, trx?: Trx): Promise<{ id: string; updatedAt: Date }[]> {
  const q = db(trx)({ s: 'services' }).join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  const rows = await whereVisible(q)
    .orderBy([{ column: 's.updated_at', order: 'desc' }, { column: 's.id' }])
    .limit(limit)
    .select<{ id: string; updated_at: Date }[]>('s.id', 's.updated_at');
  return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
}

/** How many visible services each category has (the home page's category cards). */
export async function countVisibleByCategory(trx?: Trx): Promise<Record<CategoryId, number>> {
  const rows = await whereVisible(
    db(trx)('services as s').join('provider_profiles as p', 'p.user_id', 's.provider_id'),
  )
    .groupBy('s.category')
    .select<{ category: CategoryId; count: string }[]>('s.category', db(trx).raw('count(*) AS count'));
  const counts = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;
  for (const row of rows) counts[row.category] = Number(row.count);
  return counts;
}
