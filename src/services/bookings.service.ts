import { randomUUID } from 'node:crypto';
import { romeLocal } from '../lib/booking-time.js';
import type { BookingFormValues } from '../lib/booking-wizard.shared.js';
import { listingPrice, type PriceBreakdown } from '../lib/pricing.js';
import type { BookableListing } from '../models/listings/bookable.js';
import { findBookable, findBookingClient, type Bookable, type BookingContext } from '../models/bookings/context.js';
import type { BookingLocationType, Place } from '../models/bookings/booking.js';
import { isUuid } from '../lib/uuid.js';
import { DEFAULT_MAX_PARTICIPANTS, type BookingRules, type LocationChoice } from '../validators/booking.validator.js';
import type { CourseEdition } from '../models/editions/row.js';
export type { BookableListing, BookingContext, BookingLocationType, Place };

/** Booking a service: the wizard's rules, the price and the place (the booking itself: booking-creation.service). */

export function maxParticipantsOf(listing: Pick<BookableListing, 'maxParticipants'>): number {
  return listing.maxParticipants ?? DEFAULT_MAX_PARTICIPANTS;
}

/** The rules the wizard's form is checked with, for this service at this moment (Europe/Rome). */
export function wizardRules(listing: BookableListing, now: Date = new Date()): BookingRules {
  const local = romeLocal(now);
  return {
    today: local.date,
    nowTime: local.time,
    maxParticipants: maxParticipantsOf(listing),
    requirements: listing.requirements,
    chooseLocation: listing.locationType === 'flexible',
  };
}

/** The one price calculation (src/lib/pricing.ts) applied to a service and a number of participants. */
export function priceFor(listing: BookableListing, participants: number): PriceBreakdown {
  return listingPrice(listing, participants);
}

/** Where the booked service takes place (docs/product.md §3): the service's location type, or the client's choice when flexible. */
export function bookingLocationType(listing: BookableListing, choice: LocationChoice | null): BookingLocationType {
  switch (listing.locationType) {
    case 'on_site':
      return 'client_site';
    case 'provider_location':
      return 'provider_site';
    case 'remote':
      return 'remote';
    case 'flexible':
      return choice ?? 'client_site';
  }
}

export async function findBookableListing(id: string): Promise<BookableListing | null> {
  return (await findBookable(id, null))?.listing ?? null;
}

/**
 * The service and, read with it, what the client's booking of it is checked against (the wizard's final
 * submit: createBooking then reads nothing more before writing). Closures from today on.
 */
export function findBookableForBooking(id: string, clientId: string): Promise<Bookable<BookingContext> | null> {
  return findBookable(id, { clientId, from: romeLocal(new Date()).date });
}

/** The client's legal address, where on-site services take place (null before the profile has one). */
export async function findClientSite(clientId: string): Promise<Place | null> {
  return (await findBookingClient(clientId)).site;
}

/** A form whose key was tampered with gets a fresh one: sending it again then works. */
export function withValidIdempotencyKey(values: BookingFormValues): BookingFormValues {
  return isUuid(values.idempotency_key) ? values : { ...values, idempotency_key: randomUUID() };
}

export interface WizardEstimate {
  /** The count the estimate is for: the one typed, kept within 1…the service's maximum. */
  participants: number;
  price: PriceBreakdown;
  /** Where the service takes place when it decides it; null when the client chooses (flexible). */
  fixedLocation: BookingLocationType | null;
}

export function wizardEstimate(
  listing: BookableListing,
  values: BookingFormValues,
  rules: BookingRules,
): WizardEstimate {
  const participants = Math.max(
    1,
    Math.min(rules.maxParticipants, Number.parseInt(values.participants_count, 10) || 1),
  );
  return {
    participants,
    price: priceFor(listing, participants),
    fixedLocation: listing.locationType === 'flexible' ? null : bookingLocationType(listing, null),
  };
}

/** The edition's own price, when it has one, in place of the service's base price (src/lib/pricing.ts). */
export function editionPriced<T extends BookableListing>(
  listing: T,
  edition: Pick<CourseEdition, 'priceCents'> | null,
): T {
  return edition && edition.priceCents !== null ? { ...listing, basePriceCents: edition.priceCents } : listing;
}
