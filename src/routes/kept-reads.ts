import type { PageReads } from '../lib/page-reads.js';

// What each kept public page reads (src/middleware/page-cache.ts keptPage): every table of its queries,
// with the columns it shows where the rest of the row changes without showing (a login stamps users).
// A test (test/integration/page-cache-reads.test.ts) renders each kept page and fails on a table its
// declaration lacks; the triggers that end kept pages are made from these at boot.

/** The municipalities, provinces and categories: reference data, loaded once. */
const REFERENCE: PageReads = { places: '*', provinces: '*', categories: '*' };

/** A listing card: the listing, its provider, its first photo, its next edition; the counters kept from them. */
const CARDS: PageReads = {
  ...REFERENCE,
  services: '*',
  provider_profiles: '*',
  service_images: '*',
  course_editions: '*',
  service_category_counts: '*',
};

/**
 * Home: the categories with their counts, the featured providers and the platform's figures (the completed
 * bookings counted: a booking completes by setting completed_at, once).
 */
export const HOME_READS: PageReads = { ...CARDS, bookings: { updates: ['completed_at'] } };

/** The search pages and the search API: cards, the spelling vocabulary, the visible services' search copy. */
export const SEARCH_READS: PageReads = { ...CARDS, search_terms: '*', service_search: '*' };

/** A provider's page: its listings, its reviews with their reviewers' names (a new account shows only by a review). */
export const PROVIDER_PAGE_READS: PageReads = {
  ...CARDS,
  reviews: '*',
  users: { updates: ['company_name', 'email'] },
  organisations: '*',
  memberships: '*',
  client_profiles: ['company_name'],
  // The date each reviewed booking was completed, set once before its review exists.
  bookings: { updates: ['completed_at'] },
};
