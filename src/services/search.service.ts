import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import {
  AVAILABILITY_FILTERS,
  CERTIFICATION_OPTIONS,
  LANGUAGE_OPTIONS,
  PAGE_SIZE,
  PRICE_BUCKETS,
  RADIUS_OPTIONS,
  RATING_OPTIONS,
  SERVICE_TYPE_FILTERS,
  SORTS,
  TAGS_ON_CARD,
  pageWindow,
  toQueryString,
  withPlaceRules,
  type SearchOptions,
  type SearchParams,
  type SearchResponse,
  type ServiceCardView,
  type SortOption,
} from '../lib/search.shared.js';
import { CATEGORY_IDS } from '../models/categories.repo.js';
import * as services from '../models/search.repo.js';
import type { ServiceSearchRow } from '../models/search.repo.js';
import type { Availability, PricingUnit, ServiceType } from '../lib/service-options.js';
import { resolveLocation } from './places.service.js';
import { documentTitle } from './seo.service.js';

/**
 * The search of SPEC §2/§4: sanitised parameters in, one page of result cards out, every label already
 * in Italian so that the page, its island and the JSON endpoint show the same thing.
 */

/** SPEC §4: an instant service shows as immediate; otherwise its availability (default on request). */
export function effectiveAvailability(serviceType: ServiceType, availability: Availability | null): Availability {
  return serviceType === 'instant' ? 'immediate' : (availability ?? 'on_request');
}

/** SPEC §3: fisso, /ora, /giorno, /partecipante, /dipendente; another per_x shows as /x. */
export function pricingUnitLabel(unit: PricingUnit | string): string {
  const key = `common:pricingUnits.${unit}`;
  const label = t(key);
  if (label !== key) return label;
  return unit.startsWith('per_') ? `/${unit.slice(4)}` : unit;
}

/** Whole euros without decimals, otherwise with cents: "250 €", "49,90 €". */
export function priceLabel(cents: number): string {
  return format.euro(cents, cents % 100 === 0 ? 0 : 2);
}

/** "3,2" below 10 km, whole kilometres above. */
export function distanceText(km: number): string {
  return km < 10 ? format.decimal1(km) : format.number(Math.round(km));
}

/** SPEC §2: "Prenota Ora" when the service is available immediately, otherwise "Richiedi Preventivo". */
export function bookLabel(availability: Availability): string {
  return t(availability === 'immediate' ? 'search:card.bookNow' : 'search:card.requestQuote');
}

/** A card is made from a search row; distance and relevance may be absent (no place searched, no words). */
export type CardSource = Omit<ServiceSearchRow, 'distanceKm' | 'relevance'> & { distanceKm?: number | null };

/** A result card (views/partials/_service-card.ejs and the search island render this). */
export function toServiceCard(s: CardSource): ServiceCardView {
  const availability = effectiveAvailability(s.serviceType, s.availability);
  const distanceKm = s.distanceKm ?? null;
  const place = s.city ? (s.province ? `${s.city} (${s.province})` : s.city) : null;
  return {
    id: s.id,
    href: `/services/${s.id}`,
    bookHref: `/services/${s.id}/book`,
    bookLabel: bookLabel(availability),
    title: s.title,
    subcategory: s.subcategory,
    categoryLabel: t(`common:categories.${s.category}.name`),
    featured: s.featured,
    availability,
    availabilityLabel: t(`common:availability.${availability}`),
    providerId: s.providerId,
    providerName: s.providerName,
    providerHref: `/providers/${s.providerId}`,
    providerVerified: s.providerVerified,
    place,
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    distanceLabel: distanceKm === null ? null : t('search:card.distance', { km: distanceText(distanceKm) }),
    ratingAverage: s.ratingAverage,
    ratingLabel: s.ratingAverage > 0 ? format.decimal1(s.ratingAverage) : null,
    reviewsLabel: s.ratingAverage > 0 ? t('common:reviews', { count: s.reviewsCount }) : null,
    tags: s.tags.slice(0, TAGS_ON_CARD),
    moreTags: Math.max(0, s.tags.length - TAGS_ON_CARD),
    moreTagsLabel: s.tags.length > TAGS_ON_CARD ? t('search:card.moreTags', { count: s.tags.length - TAGS_ON_CARD }) : null,
    priceLabel: priceLabel(s.basePriceCents),
    unitLabel: pricingUnitLabel(s.pricingUnit),
    lat: s.lat,
    lng: s.lng,
  };
}

/**
 * A price bucket of SPEC §9 as a range in euros ("200-500"; a missing upper bound is 999999). Each
 * bucket holds its upper bound and, but for the first, not its lower one, so that a service at exactly
 * 200 € is "Fino a 200 €" only, never also "Da 200 a 500 €".
 */
export function priceRange(bucket: SearchParams['price']): services.ServiceSearchQuery['price'] {
  if (bucket === 'all') return null;
  const [min = 0, max = 999999] = bucket.split('-').map(Number);
  return { min, max, includesMin: min === 0 };
}

/** The <title> of a search page (the layout adds the site name): text and place, or category, or plain. */
export function searchTitle(params: SearchParams, place: string | null): string {
  if (params.q && place) return t('search:titleQueryPlace', { q: params.q, place });
  if (params.q) return t('search:titleQuery', { q: params.q });
  if (place) return t('search:titlePlace', { place });
  if (params.category) return t('search:titleCategory', { category: t(`common:categories.${params.category}.name`) });
  return t('search:title');
}

/** Runs a search. Never throws on user input: a location that is no comune gives locationNotFound. */
export async function search(params: SearchParams): Promise<SearchResponse> {
  const location = params.location ? await resolveLocation(params.location) : null;
  const locationNotFound = params.location !== '' && location === null;
  const sort: SortOption = params.sort === 'distance' && !location ? 'relevance' : params.sort;

  let correctedQuery: string | null = null;
  let rows: ServiceSearchRow[] = [];
  let total = 0;
  let capped = false;
  let outsideRadius = false;
  let page = params.page;
  if (!locationNotFound) {
    const base: services.ServiceSearchQuery = {
      text: params.q,
      location: location
        ? { lat: location.lat, lng: location.lng, radiusKm: params.radius, areaNames: location.areaNames }
        : null,
      category: params.category,
      price: priceRange(params.price),
      ratingMin: params.rating ? Number(params.rating) : null,
      availability: params.availability,
      serviceType: params.serviceType === 'all' ? null : params.serviceType,
      languages: params.languages,
      certifications: params.certifications,
      sort,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    };
    let query = base;
    ({ rows, total, capped, outsideRadius } = await services.searchServices(query));
    if (total === 0 && params.q) {
      const corrected = await services.correctSpelling(params.q);
      if (corrected) {
        query = { ...base, text: corrected };
        ({ rows, total, capped, outsideRadius } = await services.searchServices(query));
        if (total > 0) correctedQuery = corrected;
      }
    }
    const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (page > lastPage) {
      // A page past the end (an old link, a hand-made URL): show the last one.
      page = lastPage;
      ({ rows, outsideRadius } = await services.searchServices({ ...query, offset: (page - 1) * PAGE_SIZE }));
    }
  }

  const totalPages = Math.ceil(total / PAGE_SIZE);
  const effective: SearchParams = withPlaceRules({ ...params, page });
  return {
    params: effective,
    query: toQueryString(effective),
    documentTitle: documentTitle(searchTitle(params, location?.label ?? null)),
    total,
    // Past COUNT_LIMIT matches the count stops: "oltre 1.000 servizi trovati".
    totalLabel: t(capped ? 'search:results.countOver' : 'search:results.count', { count: total, shown: format.number(total) }),
    filtersLabel: t(capped ? 'search:filters.toggleOver' : 'search:filters.toggle', { count: total, shown: format.number(total) }),
    page,
    totalPages,
    pages: pageWindow(page, totalPages),
    cards: rows.map((row) => toServiceCard(row)),
    location: location
      ? {
          name: location.name,
          province: location.province,
          lat: location.lat,
          lng: location.lng,
          radiusKm: params.radius,
          label: location.label,
        }
      : null,
    locationNotFound,
    locationNotFoundLabel: locationNotFound ? t('search:locationNotFound.body', { location: params.location }) : null,
    // Services outside the radius that serve the place are in the count too: the summary says so.
    summaryLabel: location
      ? t(outsideRadius ? 'search:results.nearOrServing' : 'search:results.near', { radius: params.radius, place: location.label })
      : null,
    correctedQuery,
    correctedLabel: correctedQuery ? t('search:results.corrected', { original: params.q, corrected: correctedQuery }) : null,
    sort,
  };
}

/** The choices of the search form with their Italian labels (every sort: sortsFor() picks those on offer). */
export function searchOptions(): SearchOptions {
  return {
    categories: CATEGORY_IDS.map((id) => ({ value: id, label: t(`common:categories.${id}.name`) })),
    radii: RADIUS_OPTIONS.map((km) => ({ value: km, label: t('search:form.radiusOption', { km }) })),
    prices: PRICE_BUCKETS.map((value) => ({ value, label: t(`search:filters.prices.${value}`) })),
    ratings: RATING_OPTIONS.map((value) => ({ value, label: t(`search:filters.ratings.${value.replace('.', '_')}`) })),
    availabilities: AVAILABILITY_FILTERS.map((value) => ({ value, label: t(`search:filters.availabilities.${value}`) })),
    serviceTypes: SERVICE_TYPE_FILTERS.map((value) => ({ value, label: t(`search:filters.serviceTypes.${value}`) })),
    languages: LANGUAGE_OPTIONS.map((value) => ({ value, label: value })),
    certifications: CERTIFICATION_OPTIONS.map((value) => ({ value, label: value })),
    sorts: SORTS.map((value) => ({ value, label: t(`search:sort.options.${value}`) })),
  };
}
