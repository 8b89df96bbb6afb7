/** The closed lists of docs/product.md §9 the seed uses (the application's own, so the two cannot drift), and the seed's constants. */

import { CATEGORY_IDS, type CategoryId } from '../../src/lib/categories.js';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/models/bookings/booking.js';
import { INDUSTRY_SECTORS, PROFILE_LANGUAGES, SPECIALIZATIONS } from '../../src/lib/profile-options.js';

export {
  AVAILABILITIES,
  LOCATION_TYPES,
  PRICING_UNITS,
  LISTING_TYPES as SERVICE_TYPES,
} from '../../src/lib/listing-options.js';
export type { Availability, LocationType, PricingUnit, ListingType } from '../../src/lib/listing-options.js';
export { BOOKING_STATUSES, INDUSTRY_SECTORS, SPECIALIZATIONS };
export type { BookingStatus };
export type Specialization = (typeof SPECIALIZATIONS)[number];
export type IndustrySector = (typeof INDUSTRY_SECTORS)[number];
export const LANGUAGES = PROFILE_LANGUAGES;
export type Language = (typeof LANGUAGES)[number];
export const CATEGORIES = CATEGORY_IDS;
export type Category = CategoryId;

export type CompanySize = 'micro' | 'small' | 'medium' | 'large';

/** docs/product.md §9 bands: micro 1-9, small 10-49, medium 50-249, large 250+. */
export function companySizeFor(employees: number): CompanySize {
  if (employees < 10) return 'micro';
  if (employees < 50) return 'small';
  if (employees < 250) return 'medium';
  return 'large';
}

/** The two documented demo accounts (README) and the password every seeded account shares. */
export const DEMO_CLIENT_EMAIL = 'cliente@demo.sicurhub.it';
export const DEMO_PROVIDER_EMAIL = 'fornitore@demo.sicurhub.it';
export const DEMO_PASSWORD = 'Demo2026!';
/** Every seeded address lives under this domain, so no demo email can ever reach a real mailbox. */
export const DEMO_EMAIL_DOMAIN = 'demo.sicurhub.it';
