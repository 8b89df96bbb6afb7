import * as format from '../lib/format.js';
import { t, tree } from '../config/i18n.js';
import { asset } from '../config/assets.js';
import { islandPropsAround } from '../lib/island.js';
import {
  AVAILABILITY_FILTERS,
  CERTIFICATION_OPTIONS,
  LANGUAGE_OPTIONS,
  PRICE_BUCKETS,
  RADIUS_OPTIONS,
  RATING_OPTIONS,
  LISTING_TYPE_FILTERS,
  SORTS,
  activeFilterCount,
  pageWindow,
  sortsFor,
  toQueryString,
  type Option,
  type SearchIslandProps,
  type SearchOptions,
  type SearchParams,
  type SearchResponse,
  type SortOption,
} from '../lib/search.shared.js';
import type { ListingCardView } from '../lib/listing-card.shared.js';
import { CATEGORY_IDS } from '../lib/categories.js';
import type { SearchOutcome } from '../services/search.service.js';
import { alertFormPath } from '../documents/saved-searches.js';
import { categoryPath, documentTitle } from './seo.js';
import { cardHtml, listingCard } from './listing-card.page.js';

/**
 * The search page and the category pages (views/search/index.ejs), and what GET /api/search answers:
 * one page of results with every label already in Italian, so that the page, its island and the JSON
 * endpoint show the same thing.
 */

/** The <title> of a search page (the layout adds the site name): text and place, or category, or plain. */
function searchTitle(params: SearchParams, place: string | null): string {
  if (params.q && place) return t('search:titleQueryPlace', { q: params.q, place });
  if (params.q) return t('search:titleQuery', { q: params.q });
  if (place) return t('search:titlePlace', { place });
  if (params.category) return t('search:titleCategory', { category: t(`common:categories.${params.category}.name`) });
  return t('search:title');
}

/** One page of results as the island and GET /api/search read it. */
export function searchResults(outcome: SearchOutcome): SearchResponse {
  const { requested, params, location, total, correctedQuery } = outcome;
  return {
    params,
    query: toQueryString(params),
    documentTitle: documentTitle(searchTitle(requested, location?.label ?? null)),
    total,
    // Past the count's limit it stops: "oltre 1.000 servizi trovati".
    totalLabel: t(outcome.capped ? 'search:results.countOver' : 'search:results.count', {
      count: total,
      shown: format.number(total),
    }),
    filtersLabel: t(outcome.capped ? 'search:filters.toggleOver' : 'search:filters.toggle', {
      count: total,
      shown: format.number(total),
    }),
    filtersMapLabel: t(outcome.capped ? 'search:filters.toggleMapOver' : 'search:filters.toggleMap', {
      count: total,
      shown: format.number(total),
    }),
    page: outcome.page,
    totalPages: outcome.totalPages,
    pages: pageWindow(outcome.page, outcome.totalPages),
    cards: outcome.rows.map((row) => listingCard(row)),
    location: location
      ? {
          name: location.name,
          province: location.province,
          lat: location.lat,
          lng: location.lng,
          radiusKm: location.radiusKm,
          label: location.label,
        }
      : null,
    locationNotFound: outcome.locationNotFound,
    locationNotFoundLabel: outcome.locationNotFound
      ? t('search:locationNotFound.body', { location: requested.location })
      : null,
    // Services outside the radius that serve the place are in the count too: the summary says so.
    summaryLabel: location
      ? t(outcome.outsideRadius ? 'search:results.nearOrServing' : 'search:results.near', {
          radius: location.radiusKm,
          place: location.label,
        })
      : null,
    correctedQuery,
    correctedLabel: correctedQuery
      ? t('search:results.corrected', { original: requested.q, corrected: correctedQuery })
      : null,
    sort: outcome.sort,
    ...understoodLabels(outcome),
    online:
      outcome.online.length > 0 && params.trainingKind
        ? {
            title: t('search:results.online.title'),
            text: t('search:results.online.text', { kind: t(`training:kinds.${params.trainingKind}`) }),
            cards: outcome.online.map((row) => listingCard(row)),
          }
        : null,
    // Any search may be saved; one that found nothing exact says so beside the button.
    alert: outcome.locationNotFound
      ? null
      : {
          href: alertFormPath(params),
          text: t(outcome.relaxed || total === 0 ? 'alerts:search.textEmpty' : 'alerts:search.text'),
          button: t('alerts:search.button'),
        },
  };
}

const searchHref = (params: SearchParams): string => {
  const query = toQueryString({ ...params, page: 1 });
  return `/search${query ? `?${query}` : ''}`;
};

/** What the search understood (a place in the text, a course kind) and how it relaxed an empty search. */
function understoodLabels(outcome: SearchOutcome): Pick<SearchResponse, 'relaxedLabel' | 'textPlace' | 'trainingChip'> {
  const { params, textPlace, relaxed, location } = outcome;
  const place = location?.label ?? params.location;
  const kind = params.trainingKind ? t(`training:kinds.${params.trainingKind}`) : null;
  return {
    relaxedLabel: relaxed
      ? t(`search:results.relaxed.${relaxed}`, {
          asked: params.radius,
          radius: location?.radiusKm ?? params.radius,
          place,
          q: params.q || kind || '',
        })
      : null,
    textPlace: textPlace
      ? {
          label: t('search:understood.place', { place: params.location, radius: params.radius }),
          removeHref: searchHref({ ...params, location: '' }),
          removeLabel: t('search:understood.removePlace', { place: params.location }),
          literalHref: searchHref({ ...params, location: '', q: `"${textPlace.fullText}"` }),
          literalLabel: t('search:understood.literal', { text: textPlace.fullText }),
        }
      : null,
    trainingChip:
      params.trainingKind && kind
        ? {
            label: params.trainingLevel
              ? t('search:understood.course', { kind, level: t(`training:scopes.${params.trainingLevel}`) })
              : t('search:understood.courseAnyLevel', { kind }),
            removeHref: searchHref({ ...params, trainingKind: null, trainingLevel: null }),
            removeLabel: t('search:understood.removeCourse', { kind }),
          }
        : null,
  };
}

/**
 * The choices of the search form with their Italian labels (every sort: sortsFor() picks those on offer):
 * the same on every page, made once and never changed.
 */
let formOptions: SearchOptions | null = null;
function searchOptions(): SearchOptions {
  return (formOptions ??= {
    categories: CATEGORY_IDS.map((id) => ({ value: id, label: t(`common:categories.${id}.name`) })),
    radii: RADIUS_OPTIONS.map((km) => ({ value: km, label: t('search:form.radiusOption', { km }) })),
    prices: PRICE_BUCKETS.map((value) => ({ value, label: t(`search:filters.prices.${value}`) })),
    ratings: RATING_OPTIONS.map((value) => ({ value, label: t(`search:filters.ratings.${value.replace('.', '_')}`) })),
    availabilities: AVAILABILITY_FILTERS.map((value) => ({
      value,
      label: t(`search:filters.availabilities.${value}`),
    })),
    listingTypes: LISTING_TYPE_FILTERS.map((value) => ({ value, label: t(`search:filters.serviceTypes.${value}`) })),
    languages: LANGUAGE_OPTIONS.map((value) => ({ value, label: value })),
    certifications: CERTIFICATION_OPTIONS.map((value) => ({ value, label: value })),
    sorts: SORTS.map((value) => ({ value, label: t(`search:sort.options.${value}`) })),
  });
}

export interface SearchView {
  title: string;
  description: string;
  canonicalPath: string;
  noindex: boolean;
  result: SearchResponse;
  options: SearchOptions;
  sorts: Option<SortOption>[];
  filterCount: number;
  resetHref: string;
  pageHref: (page: number) => string;
  /** A card's HTML. */
  cardHtml: (card: ListingCardView) => string;
  islandProps: string;
}

/** Where the island's map tiles come from (configuration, passed in by the controller). */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/**
 * The search page for the parameters asked (`requested`) with their results; `defaults` are the
 * parameters of an empty search, which "Azzera filtri" goes back to (keeping text, place and radius).
 */
export function searchPage(outcome: SearchOutcome, defaults: SearchParams, map: MapSettings): SearchView {
  const params = outcome.requested;
  const result = searchResults(outcome);
  const options = searchOptions();
  const categoryName = params.category ? t(`common:categories.${params.category}.name`) : null;
  // Only the plain listings are pages for search engines; any other combination is a view of them.
  const onlyCategory =
    toQueryString({ ...result.params, page: 1 }) === (params.category ? `category=${params.category}` : '');
  // The island reads the first results' cards from the page's HTML: its JSON leaves them out.
  const { cards: _cards, ...initial } = result;
  const varying: Pick<SearchIslandProps, 'initial'> = { initial };
  return {
    title: searchTitle(params, result.location?.label ?? null),
    description: categoryName
      ? t('search:descriptionCategory', {
          category: categoryName,
          description: t(`common:categories.${params.category}.description`),
        })
      : t('search:description'),
    // The listing this view belongs to: a category's own page, or all services.
    canonicalPath: params.category ? categoryPath(params.category) : '/services',
    noindex: !onlyCategory || result.page > 1,
    result,
    options,
    // Without JavaScript the sorts are those of the place the page was rendered for; the island
    // offers distance as soon as a place is chosen.
    sorts: sortsFor(options.sorts, result.location !== null),
    filterCount: activeFilterCount(result.params),
    resetHref: `/search?${toQueryString({ ...defaults, q: params.q, location: params.location, radius: params.radius })}`,
    pageHref: (page: number) => `/search?${toQueryString({ ...result.params, page })}`,
    cardHtml,
    islandProps: islandPropsAround(varying, keptIslandProps(map)),
  };
}

/** The island's props that are the same on every page (kept while the map's settings stay the same). */
let kept: { map: SearchIslandProps['map']; props: Omit<SearchIslandProps, 'initial'> } | null = null;
function keptIslandProps(map: MapSettings): Omit<SearchIslandProps, 'initial'> {
  const settings = { tileUrl: map.tileUrl, attribution: map.attribution, cssUrl: mapStylesheet() };
  if (kept && JSON.stringify(kept.map) === JSON.stringify(settings)) return kept.props;
  const props = {
    options: searchOptions(),
    labels: islandLabels(),
    endpoints: { search: '/api/search', places: '/api/places', reverse: '/api/places/reverse' },
    map: settings,
  };
  kept = { map: settings, props };
  return props;
}

/** Leaflet's stylesheet, bundled with the island and loaded by the map only when it is shown. */
function mapStylesheet(): string | null {
  try {
    return asset('islands/search.css');
  } catch {
    return null;
  }
}

/** Every string the island shows that the server did not already format. */
function islandLabels(): SearchIslandProps['labels'] {
  const pick = (ns: string): Record<string, string> =>
    Object.fromEntries(
      Object.entries(tree<Record<string, unknown>>(ns)).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
  return {
    form: pick('search:form'),
    picker: pick('search:picker'),
    geo: pick('search:geo'),
    filters: pick('search:filters'),
    sort: pick('search:sort'),
    results: pick('search:results'),
    empty: pick('search:empty'),
    locationNotFound: pick('search:locationNotFound'),
    card: pick('search:card'),
    pagination: pick('search:pagination'),
    map: pick('search:map'),
    common: { verifiedProvider: t('common:verifiedProvider'), rating: t('common:rating', { rating: '{{rating}}' }) },
  };
}
