import Joi from 'joi';
import { plainText } from '../lib/plain-text.js';
import { CATEGORY_IDS } from '../lib/categories.js';
import {
  AVAILABILITY_FILTERS,
  CERTIFICATION_OPTIONS,
  DEFAULT_PARAMS,
  LANGUAGE_OPTIONS,
  MAX_LOCATION_LENGTH,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  PRICE_BUCKETS,
  RADIUS_OPTIONS,
  RATING_OPTIONS,
  LISTING_TYPE_FILTERS,
  SORTS,
  type SearchParams,
} from '../lib/search.shared.js';
import { TRAINING_KINDS, TRAINING_SCOPES } from '../lib/training-kinds.js';

/**
 * The search page is a GET form anyone can type into the address bar: nothing here is ever an error.
 * Every parameter is sanitised on its own (failover): unknown values fall back to the default, numbers are
 * clamped, texts trimmed and truncated, repeated keys (arrays) reduced to what the field accepts.
 */

/** A query value as the 'simple' parser gives it: string, array of strings, or absent. */
const firstString = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
};

/**
 * A repeated text (the home page's quick-search chips submit the form with their own `q` after the typed
 * one): the last value that is not empty.
 */
const lastText = (value: unknown): string | undefined => {
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  return values.filter((v) => v.trim() !== '').pop() ?? values[0];
};

/** Free text: control characters out, whitespace collapsed, at most `max` characters. */
function text(max: number) {
  return Joi.any()
    .custom((value: unknown) => plainText(lastText(value) ?? '', max))
    .failover('')
    .default('');
}

/** One value out of a list; anything else is the default. */
function oneOf<T extends string>(values: readonly T[], fallback: T | null) {
  return Joi.any()
    .custom((value: unknown) => {
      const v = firstString(value)?.trim();
      return v !== undefined && (values as readonly string[]).includes(v) ? v : fallback;
    })
    .failover(fallback)
    .default(fallback);
}

/** Any of a list (repeated keys or one value), unknown entries dropped, no duplicates, list order. */
function subsetOf(values: readonly string[]) {
  return Joi.any()
    .custom((value: unknown) => {
      const given = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      return values.filter((v) => given.includes(v));
    })
    .failover([])
    .default([]);
}

const radius = Joi.any()
  .custom((value: unknown) => {
    const n = Number(firstString(value));
    return (RADIUS_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_PARAMS.radius;
  })
  .failover(DEFAULT_PARAMS.radius)
  .default(DEFAULT_PARAMS.radius);

const page = Joi.any()
  .custom((value: unknown) => {
    const n = Number.parseInt(firstString(value) ?? '', 10);
    return Number.isFinite(n) ? Math.min(MAX_PAGE, Math.max(1, n)) : 1;
  })
  .failover(1)
  .default(1);

const searchSchema = Joi.object({
  q: text(MAX_QUERY_LENGTH),
  location: text(MAX_LOCATION_LENGTH),
  category: oneOf(CATEGORY_IDS, null),
  radius,
  price: oneOf(PRICE_BUCKETS, 'all'),
  rating_min: oneOf(RATING_OPTIONS, null),
  availability: oneOf(AVAILABILITY_FILTERS, 'any'),
  service_type: oneOf(LISTING_TYPE_FILTERS, 'all'),
  languages: subsetOf(LANGUAGE_OPTIONS),
  certifications: subsetOf(CERTIFICATION_OPTIONS),
  sort: oneOf(SORTS, 'relevance'),
  page,
  corso: oneOf(TRAINING_KINDS, null),
  livello: oneOf(TRAINING_SCOPES, null),
}).unknown(true);

/** GET parameters (req.query) -> SearchParams. Never throws, never rejects. */
export function parseSearchParams(query: unknown): SearchParams {
  const input = query && typeof query === 'object' && !Array.isArray(query) ? query : {};
  const { value } = searchSchema.validate(input, { abortEarly: false, convert: true });
  const v = (value ?? {}) as Record<string, unknown>;
  return {
    q: v.q as string,
    location: v.location as string,
    category: v.category as string | null,
    radius: v.radius as SearchParams['radius'],
    price: v.price as SearchParams['price'],
    rating: v.rating_min as SearchParams['rating'],
    availability: v.availability as SearchParams['availability'],
    listingType: v.service_type as SearchParams['listingType'],
    languages: v.languages as string[],
    certifications: v.certifications as string[],
    sort: v.sort as SearchParams['sort'],
    page: v.page as number,
    trainingKind: v.corso as SearchParams['trainingKind'],
    trainingLevel: v.corso ? (v.livello as SearchParams['trainingLevel']) : null,
  };
}
