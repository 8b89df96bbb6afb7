import { PAGE_SIZE, RADIUS_OPTIONS, withPlaceRules, type SearchParams, type SortOption } from '../lib/search.shared.js';
import * as listingSearch from '../models/search/results.js';
import type { ListingMatch } from '../models/search/results.js';
import { correctSpelling } from '../models/search/spelling.js';
import { coversOf } from '../models/listings/images.js';
import { config } from '../config/env.js';
import { todayInRome } from '../lib/booking-time.js';
import { allowsOnlineSync } from '../lib/training-rules.js';
import { nextEditionsOf, type NextEdition } from './course-editions.service.js';
import { fromPlace, resolveLocation, type ResolvedPlace } from './places.service.js';
import { placeInText } from './query-places.service.js';
import { srcsetOf } from './listing-image-files.service.js';
import { mediaUrl } from './storage.service.js';

/**
 * The search of docs/product.md §2/§4: sanitised parameters in, one page of matching services out, as plain data;
 * src/pages/search.page.ts labels it for the page, its island and the JSON endpoint alike.
 */

/** A card is made from a search row; distance and relevance may be absent (no place searched, no words). */
export type CardSource = Omit<ListingMatch, 'distanceKm' | 'relevance'> & {
  distanceKm?: number | null;
  cover?: CardCover | null;
  /** A course's next edition open for booking. */
  nextEdition?: NextEdition | null;
};

/** A service's cover photo as the card shows it. */
export interface CardCover {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

/** The cover photo of each row's service (position 0), added to the rows. */
async function withCovers(rows: ListingMatch[]): Promise<(ListingMatch & { cover: CardCover | null })[]> {
  const covers = await coversOf(rows.map((row) => row.id));
  return rows.map((row) => {
    const cover = covers.get(row.id);
    return {
      ...row,
      cover: cover
        ? { src: mediaUrl(cover.storageKey), srcset: srcsetOf(cover), width: cover.width, height: cover.height }
        : null,
    };
  });
}

export interface SearchOutcome {
  /** What was asked, as parsed from the request. */
  requested: SearchParams;
  /** What the results are for: the page actually shown, the place rules applied. */
  params: SearchParams;
  total: number;
  /** The count stopped at its limit: there are more matches than `total` says ("oltre 1.000"). */
  capped: boolean;
  page: number;
  totalPages: number;
  rows: (ListingMatch & { cover: CardCover | null })[];
  location: (ResolvedPlace & { radiusKm: number }) | null;
  locationNotFound: boolean;
  /** Some services outside the radius that serve the place are counted in the total. */
  outsideRadius: boolean;
  /** The text the results are for, when the typed one found nothing and a corrected spelling did. */
  correctedQuery: string | null;
  /** The sort actually used ("distance" falls back to relevance without a location). */
  sort: SortOption;
  /** The exact search found nothing: the results shown are those of this relaxed search. */
  relaxed: Relaxation | null;
  /**
   * A course kind searched near a place (the renewal links) whose rules allow a live videoconference: its
   * courses with such an edition open, wherever their provider is, besides those near (each with its next
   * online edition). Empty otherwise.
   */
  online: (ListingMatch & { cover: CardCover | null; nextEdition: NextEdition | null })[];
  /** The place read from the typed text (the search ran on the rest of the text, near it). */
  textPlace: { typed: string; fullText: string; name: string; kind: 'comune' | 'province' | 'region' } | null;
}

/**
 * A price bucket of docs/product.md §9 as a range in euros ("200-500"; a missing upper bound is 999999). Each
 * bucket holds its upper bound and, but for the first, not its lower one, so that a service at exactly
 * 200 € is "Fino a 200 €" only, never also "Da 200 a 500 €".
 */
export function priceRange(bucket: SearchParams['price']): listingSearch.ListingSearchQuery['price'] {
  if (bucket === 'all') return null;
  const [min = 0, max = 999999] = bucket.split('-').map(Number);
  return { min, max, includesMin: min === 0 };
}

/** Each course's next bookable edition: one query for the page's service ids. */
async function withNextEditions<T extends ListingMatch>(
  rows: T[],
): Promise<(T & { nextEdition: NextEdition | null })[]> {
  const next = await nextEditionsOf(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, nextEdition: next.get(r.id) ?? null }));
}

/** The widest radius of the search form: how far a search that found nothing near its place looks. */
const WIDEST_RADIUS_KM = RADIUS_OPTIONS[RADIUS_OPTIONS.length - 1]!;

/** How an exact search that found nothing was relaxed, in this order, the first that finds something. */
export type Relaxation = 'radius' | 'words' | 'anywhere' | 'others';

/** The parameters a search runs on: the typed text's place taken out as the place (query-places.service.ts). */
async function understood(params: SearchParams): Promise<{
  params: SearchParams;
  location: ResolvedPlace | null;
  textPlace: SearchOutcome['textPlace'];
}> {
  if (params.location === '' && params.q !== '') {
    const found = await placeInText(params.q);
    if (found) {
      const location = fromPlace(found.place);
      return {
        params: { ...params, q: found.rest, location: location.label },
        location,
        textPlace: { typed: found.typed, fullText: params.q, name: found.name, kind: found.kind },
      };
    }
  }
  const location = params.location ? await resolveLocation(params.location) : null;
  return { params, location, textPlace: null };
}

/**
 * The exact search of understood parameters (no relaxation): the query of a page of results, and of the
 * saved searches' new matches (saved-searches.service.ts).
 */
function exactConditions(
  params: SearchParams,
  location: ResolvedPlace | null,
  sort: SortOption,
  page: number,
): listingSearch.ListingSearchQuery {
  return {
    text: params.q,
    training: params.trainingKind ? { kind: params.trainingKind, level: params.trainingLevel } : null,
    location: location
      ? { lat: location.lat, lng: location.lng, radiusKm: params.radius, areaNames: location.areaNames }
      : null,
    category: params.category,
    price: priceRange(params.price),
    ratingMin: params.rating ? Number(params.rating) : null,
    availability: params.availability,
    listingType: params.listingType === 'all' ? null : params.listingType,
    languages: params.languages,
    certifications: params.certifications,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
}

/**
 * What a saved search matches, as the search page reads it (the place in its text understood), without
 * relaxing anything; null when its place is no longer known.
 */
export async function savedSearchConditions(asked: SearchParams): Promise<listingSearch.ListingSearchQuery | null> {
  const { params, location } = await understood(asked);
  if (params.location !== '' && location === null) return null;
  return exactConditions(params, location, 'relevance', 1);
}

/** Runs a search. Never throws on user input: a location that is no comune gives locationNotFound. */
export async function search(asked: SearchParams): Promise<SearchOutcome> {
  const { params, location, textPlace } = await understood(asked);
  const locationNotFound = params.location !== '' && location === null;
  const sort: SortOption = params.sort === 'distance' && !location ? 'relevance' : params.sort;

  let correctedQuery: string | null = null;
  let relaxed: Relaxation | null = null;
  let radiusKm: number = params.radius;
  let rows: ListingMatch[] = [];
  let total = 0;
  let capped = false;
  let outsideRadius = false;
  let page = params.page;
  if (!locationNotFound) {
    const at = (radius: number): listingSearch.ListingSearchQuery['location'] =>
      location ? { lat: location.lat, lng: location.lng, radiusKm: radius, areaNames: location.areaNames } : null;
    const base = exactConditions(params, location, sort, page);
    let query = base;
    ({ rows, total, capped, outsideRadius } = await listingSearch.searchListings(query));
    if (total === 0 && params.q) {
      const corrected = await correctSpelling(params.q);
      if (corrected) {
        query = { ...base, text: corrected };
        ({ rows, total, capped, outsideRadius } = await listingSearch.searchListings(query));
        if (total > 0) correctedQuery = corrected;
      }
    }
    // Never a dead end: a wider radius, then any of the words, then anywhere in Italy, then other services
    // near the place (each labelled so).
    const relaxations: [Relaxation, listingSearch.ListingSearchQuery][] = [];
    if (location && params.radius < WIDEST_RADIUS_KM) {
      relaxations.push(['radius', { ...base, location: at(WIDEST_RADIUS_KM), sort: 'distance' }]);
    }
    relaxations.push(['words', { ...base, anyWord: true, location: at(location ? WIDEST_RADIUS_KM : params.radius) }]);
    if (location)
      relaxations.push(['anywhere', { ...base, location: null, sort: sort === 'distance' ? 'relevance' : sort }]);
    // Last, the services on offer near the place (or anywhere) without the words: never an empty page.
    relaxations.push(['others', { ...base, text: '', training: null, location: at(WIDEST_RADIUS_KM) }]);
    for (const [kind, relaxedQuery] of relaxations) {
      if (total > 0) break;
      if (kind === 'words' && listingSearch.isEmptyText(relaxedQuery)) continue;
      if (kind === 'others' && !params.q && !params.trainingKind) continue;
      const found = await listingSearch.searchListings(relaxedQuery);
      if (found.total > 0) {
        ({ rows, total, capped, outsideRadius } = found);
        query = relaxedQuery;
        relaxed = kind;
        radiusKm = relaxedQuery.location?.radiusKm ?? radiusKm;
      }
    }
    const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (page > lastPage) {
      // A page past the end (an old link, a hand-made URL): show the last one.
      page = lastPage;
      ({ rows, outsideRadius } = await listingSearch.searchListings({ ...query, offset: (page - 1) * PAGE_SIZE }));
    }
  }

  const totalPages = Math.ceil(total / PAGE_SIZE);
  const online = location && !locationNotFound && page === 1 ? await onlineCourses(params, location, rows) : [];
  return {
    requested: params,
    params: withPlaceRules({ ...params, page }),
    total,
    capped,
    page,
    totalPages,
    rows: await withNextEditions(await withCovers(rows)),
    location: location && relaxed !== 'anywhere' ? { ...location, radiusKm } : null,
    locationNotFound,
    outsideRadius,
    correctedQuery,
    sort,
    relaxed,
    online,
    textPlace,
  };
}

/** How many online courses a renewal search shows beside those near. */
export const ONLINE_SHOWN = 6;

/** SearchOutcome.online: the courses of the kind with a live online edition open, not already shown. */
async function onlineCourses(
  params: SearchParams,
  location: ResolvedPlace,
  shown: readonly ListingMatch[],
): Promise<SearchOutcome['online']> {
  const kind = params.trainingKind;
  if (!kind || !allowsOnlineSync(kind, params.trainingLevel, todayInRome(), config().accordo2025EffectiveDate))
    return [];
  const query = { ...exactConditions(params, location, 'relevance', 1), location: null, onlineSync: true };
  const { rows } = await listingSearch.searchListings({ ...query, limit: ONLINE_SHOWN + shown.length });
  const ids = new Set(shown.map((r) => r.id));
  const fresh = rows.filter((r) => !ids.has(r.id)).slice(0, ONLINE_SHOWN);
  const next = await nextEditionsOf(
    fresh.map((r) => r.id),
    new Date(),
    true,
  );
  return (await withCovers(fresh)).map((r) => ({ ...r, nextEdition: next.get(r.id) ?? null }));
}
