/**
 * Search constants (docs/product.md §9), the search parameters and the JSON shapes the search island receives.
 * Pure module: the server and the search island both import it.
 */

import { CERTIFICATION_SUGGESTIONS, PROFILE_LANGUAGES } from './profile-options.js';
import type { ListingCardView } from './listing-card.shared.js';
import type { TrainingKind, TrainingScope } from './training-kinds.js';

export const PAGE_SIZE = 20;
const MAX_PAGE_LINKS = 5;
export const MAX_PAGE = 1000;
export const MAX_QUERY_LENGTH = 200;
export const MAX_LOCATION_LENGTH = 100;
/** Tags shown on a result card before "+N". */
export const TAGS_ON_CARD = 4;

export const RADIUS_OPTIONS = [5, 10, 25, 50, 100, 200] as const;
type RadiusKm = (typeof RADIUS_OPTIONS)[number];
const DEFAULT_RADIUS_KM: RadiusKm = 50;

/** Price buckets in euros, "min-max"; a missing upper bound is 999999 (docs/product.md §9). */
export const PRICE_BUCKETS = ['all', '0-200', '200-500', '500-1000', '1000-2000', '2000-999999'] as const;
type PriceBucket = (typeof PRICE_BUCKETS)[number];

export const RATING_OPTIONS = ['4.5', '4', '3.5', '3'] as const;
type RatingOption = (typeof RATING_OPTIONS)[number];

export const AVAILABILITY_FILTERS = ['any', 'immediate', 'this_week', 'this_month'] as const;
type AvailabilityFilter = (typeof AVAILABILITY_FILTERS)[number];

export const LISTING_TYPE_FILTERS = ['all', 'instant', 'on_request'] as const;
type ListingTypeFilter = (typeof LISTING_TYPE_FILTERS)[number];

/** docs/product.md §9 filter options: the first five profile languages, and the certifications profiles suggest. */
export const LANGUAGE_OPTIONS = PROFILE_LANGUAGES.slice(0, 5);
export const CERTIFICATION_OPTIONS = CERTIFICATION_SUGGESTIONS;

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'distance'] as const;
export type SortOption = (typeof SORTS)[number];

/** Map defaults (docs/product.md §9): Italy, the user's position, a chosen place. */
export const MAP_DEFAULT_CENTER: [number, number] = [41.9, 12.5];
export const MAP_DEFAULT_ZOOM = 6;
export const MAP_USER_ZOOM = 12;
export const MAP_PLACE_ZOOM = 15;

/** Place suggestions (docs/product.md §5, §9). */
export const PLACE_MIN_CHARS = 3;
export const PLACE_SUGGESTIONS = 5;
export const PLACE_SUGGESTIONS_MAX = 10;
export const PLACE_DEBOUNCE_MS = 300;
export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 } as const;

/** Every search parameter, already sanitised: what the URL of a search page means. */
export interface SearchParams {
  q: string;
  location: string;
  category: string | null;
  radius: RadiusKm;
  price: PriceBucket;
  rating: RatingOption | null;
  availability: AvailabilityFilter;
  listingType: ListingTypeFilter;
  languages: string[];
  certifications: string[];
  sort: SortOption;
  page: number;
  /** Courses of one kind of mandatory training (`corso`), initial or update (`livello`): the renewal links. */
  trainingKind: TrainingKind | null;
  trainingLevel: TrainingScope | null;
}

export const DEFAULT_PARAMS: SearchParams = {
  q: '',
  location: '',
  category: null,
  radius: DEFAULT_RADIUS_KM,
  price: 'all',
  rating: null,
  availability: 'any',
  listingType: 'all',
  languages: [],
  certifications: [],
  sort: 'relevance',
  page: 1,
  trainingKind: null,
  trainingLevel: null,
};

/**
 * The query string of a search, defaults left out, in a stable order: pagination links, the island's
 * pushState and canonical URLs all use it, so one search has one URL.
 */
export function toQueryString(params: SearchParams): string {
  const pairs: [string, string][] = [];
  if (params.q) pairs.push(['q', params.q]);
  if (params.location) pairs.push(['location', params.location]);
  if (params.category) pairs.push(['category', params.category]);
  if (params.trainingKind) pairs.push(['corso', params.trainingKind]);
  if (params.trainingKind && params.trainingLevel) pairs.push(['livello', params.trainingLevel]);
  if (params.location && params.radius !== DEFAULT_RADIUS_KM) pairs.push(['radius', String(params.radius)]);
  if (params.price !== 'all') pairs.push(['price', params.price]);
  if (params.rating) pairs.push(['rating_min', params.rating]);
  if (params.availability !== 'any') pairs.push(['availability', params.availability]);
  if (params.listingType !== 'all') pairs.push(['service_type', params.listingType]);
  for (const l of params.languages) pairs.push(['languages', l]);
  for (const c of params.certifications) pairs.push(['certifications', c]);
  if (params.sort !== 'relevance') pairs.push(['sort', params.sort]);
  if (params.page > 1) pairs.push(['page', String(params.page)]);
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** docs/product.md §9: the sorts on offer; distance only when a place is set. */
export function sortsFor<T extends { value: SortOption }>(sorts: readonly T[], withPlace: boolean): T[] {
  return sorts.filter((o) => withPlace || o.value !== 'distance');
}

/** Without a place there is nothing to measure a distance from: such a search sorts by relevance. */
export function withPlaceRules(params: SearchParams): SearchParams {
  return params.sort === 'distance' && !params.location ? { ...params, sort: 'relevance' } : params;
}

/** How many filters of the side panel differ from their defaults (the "Filtri" badge). */
export function activeFilterCount(params: SearchParams): number {
  return (
    (params.category ? 1 : 0) +
    (params.price !== 'all' ? 1 : 0) +
    (params.rating ? 1 : 0) +
    (params.availability !== 'any' ? 1 : 0) +
    (params.listingType !== 'all' ? 1 : 0) +
    params.languages.length +
    params.certifications.length
  );
}

/** Far past any list's last page: the offset of a typed ?page= stays a small number. */
const MAX_REQUESTED_PAGE = 10_000;

/** The page a ?page= value asks for: a whole number from 1 (anything else is page 1), at most 10,000. */
export function requestedPage(value: unknown): number {
  const asked = Number.parseInt(typeof value === 'string' ? value : '1', 10);
  return Number.isFinite(asked) && asked > 1 ? Math.min(asked, MAX_REQUESTED_PAGE) : 1;
}

/** At most MAX_PAGE_LINKS page numbers around the current page. */
export function pageWindow(current: number, totalPages: number): number[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const size = Math.min(MAX_PAGE_LINKS, totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(MAX_PAGE_LINKS / 2), totalPages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface ResolvedLocation {
  name: string;
  province: string | null;
  lat: number;
  lng: number;
  radiusKm: number;
  label: string;
}

/** What GET /api/search answers, and what the page passes to the island as its first state. */
export interface SearchResponse {
  params: SearchParams;
  query: string;
  /** The document title the server gives the page of this search ("dvr vicino a Milano (MI) · SicurHub"). */
  documentTitle: string;
  total: number;
  totalLabel: string;
  filtersLabel: string;
  /** The same on a phone with a script, where the map's button is in the panel too ("Filtri e mappa (…)"). */
  filtersMapLabel: string;
  page: number;
  totalPages: number;
  pages: number[];
  cards: ListingCardView[];
  location: ResolvedLocation | null;
  locationNotFound: boolean;
  /** "Località non trovata" explained, naming what was typed. */
  locationNotFoundLabel: string | null;
  /** "entro 25 km da Bergamo (BG)", "… o che servono la zona" when service areas brought in farther ones. */
  summaryLabel: string | null;
  /** The text the results are for, when the typed one found nothing and a corrected spelling did. */
  correctedQuery: string | null;
  correctedLabel: string | null;
  /** The sort actually used ("distance" falls back to relevance without a location). */
  sort: SortOption;
  /** The exact search found nothing: what the results shown are instead ("ecco i più vicini…"). */
  relaxedLabel?: string | null;
  /** The place read from the typed text, as a removable chip, and the way to search the whole phrase as text. */
  textPlace?: {
    label: string;
    removeHref: string;
    removeLabel: string;
    literalHref: string;
    literalLabel: string;
  } | null;
  /** The kind of course searched for (renewal links), as a removable chip. */
  trainingChip?: { label: string; removeHref: string; removeLabel: string } | null;
  /** A renewal search's courses with a live online edition open, wherever they are (labelled as online). */
  online?: { title: string; text: string; cards: ListingCardView[] } | null;
  /** "Avvisami": the form that saves this search (its parameters in the link), and the words beside it. */
  alert?: { href: string; text: string; button: string } | null;
}

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

/** The choices of the search form, labelled in Italian by the server. */
export interface SearchOptions {
  categories: Option[];
  radii: Option<number>[];
  prices: Option<PriceBucket>[];
  ratings: Option<RatingOption>[];
  availabilities: Option<AvailabilityFilter>[];
  listingTypes: Option<ListingTypeFilter>[];
  languages: Option[];
  certifications: Option[];
  sorts: Option<SortOption>[];
}

/** Props of the search island (views/search/index.ejs writes them, islands/search reads them). */
/** What the map shows of a card: its marker and popup. */
export type MapCard = Pick<
  ListingCardView,
  'id' | 'href' | 'title' | 'providerName' | 'place' | 'priceLabel' | 'unitLabel' | 'lat' | 'lng'
>;

/** A card as the server rendered it on the page: its HTML, and what the map shows of it (read from it). */
export interface RenderedCard extends MapCard {
  html: string;
}

/** The island's results: a response, whose cards may be those the server rendered on the page. */
export interface ShownResponse extends Omit<SearchResponse, 'cards'> {
  cards: (ListingCardView | RenderedCard)[];
}

export interface SearchIslandProps {
  /** The first results without their cards: the page's HTML holds them (islands/search/rendered-cards.ts). */
  initial: Omit<SearchResponse, 'cards'>;
  options: SearchOptions;
  labels: Record<string, Record<string, string>>;
  endpoints: { search: string; places: string; reverse: string };
  map: { tileUrl: string; attribution: string; cssUrl: string | null };
}

/** A municipality as GET /api/places returns it. */
export interface PlaceView {
  name: string;
  province: string;
  region: string;
  lat: number;
  lng: number;
  display_name: string;
}
