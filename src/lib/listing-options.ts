/**
 * The closed lists of a service (docs/product.md §3, §9), as stored and as the CHECK constraints of the services table
 * allow them. Pure module: the server, the seeds and the islands import it.
 */

export const LISTING_TYPES = ['instant', 'on_request'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const PRICING_UNITS = ['fixed', 'per_hour', 'per_day', 'per_participant', 'per_employee'] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];

export const AVAILABILITIES = ['immediate', 'within_week', 'within_month', 'on_request'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const LOCATION_TYPES = ['on_site', 'remote', 'provider_location', 'flexible'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** docs/product.md §4: an instant service shows as immediate; otherwise its availability (default on request). */
export function effectiveAvailability(listingType: ListingType, availability: Availability | null): Availability {
  return listingType === 'instant' ? 'immediate' : (availability ?? 'on_request');
}
