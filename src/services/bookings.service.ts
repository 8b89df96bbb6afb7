import { randomUUID } from 'node:crypto';
import { addDays, romeLocal } from '../lib/booking-time.js';
import type { BookingFormValues } from '../lib/booking-wizard.shared.js';
import { listingPrice, type PriceBreakdown } from '../lib/pricing.js';
import type { BookableListing } from '../models/listings/bookable.js';
import {
  findBookable,
  findBookingClient,
  type Bookable,
  type BookingClient,
  type BookingContext,
} from '../models/bookings/context.js';
import type { BookingLocationType, Place } from '../models/bookings/booking.js';
import { isUuid } from '../lib/uuid.js';
import {
  DEFAULT_MAX_PARTICIPANTS,
  MAX_DAYS_AHEAD,
  type BookingRules,
  type LocationChoice,
} from '../validators/booking.validator.js';
import type { CourseEdition } from '../models/editions/row.js';
import { scheduleFor, wizardAvailability, type AvailableDate } from './availability.service.js';
import type { WizardKnows, WizardScreen } from './booking-wizard.service.js';
import { upcomingEditions } from './course-editions.service.js';
import { canBeInvoiced } from './invoicing.service.js';
import { isPaused } from './listings.service.js';
import type { Reach } from '../models/sites/reach.js';
import { registerOptions } from './workers.service.js';
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

/**
 * A course booked by edition: it has editions (even when none is open right now, a client cannot invent a
 * date for it), or editions are offered.
 */
export const byEdition = (knows: { listing: Pick<BookableListing, 'hasEditions'>; editions: readonly unknown[] }) =>
  knows.listing.hasEditions || knows.editions.length > 0;

/** The wizard's rules for a listing whose editions, if it has any, each have their own venue or are online: no place to choose. */
export function courseRules(knows: {
  listing: BookableListing;
  editions: readonly unknown[];
  now: Date;
}): BookingRules {
  const rules = wizardRules(knows.listing, knows.now);
  return byEdition(knows) ? { ...rules, chooseLocation: false } : rules;
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
function findBookableForBooking(id: string, clientId: string): Promise<Bookable<BookingContext> | null> {
  return findBookable(id, { clientId, from: romeLocal(new Date()).date });
}

/**
 * The listing a wizard is opened on, with what a client's booking of it is checked against when it is
 * being submitted; 'paused' when it exists but takes no bookings for now, null when there is none.
 */
export async function findForWizard(
  id: string,
  submitter: string | null,
): Promise<Bookable<BookingContext | null> | 'paused' | null> {
  const found = submitter ? await findBookableForBooking(id, submitter) : await findBookable(id, null);
  if (found) return found;
  return (await isPaused(id)) ? 'paused' : null;
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

/** What the wizard knows of a client's booking of a listing (booking-wizard.service), and the client's site. */
export type WizardRead = WizardKnows & {
  /** The client's legal address, where on-site services take place (null before the profile has one). */
  site: Place | null;
};

/**
 * Reads what each step of the wizard is checked against: the editions, the register as the member reaches
 * it (a site referent's: their sites' workers), the client's profile. At the final submit `known` gives the
 * client's profile read with the listing (its booking's context), and says whether the register is needed:
 * only when a row names one of its workers (null otherwise).
 */
export async function readWizard(
  reach: Reach,
  listing: BookableListing,
  known: { client: BookingClient; register: boolean } | null = null,
  now = new Date(),
): Promise<WizardRead> {
  const [editions, workers, client] = await Promise.all([
    listing.hasEditions ? upcomingEditions(listing.id, now) : Promise.resolve([]),
    !known || known.register ? registerOptions(reach) : null,
    known?.client ?? findBookingClient(reach.organisationId),
  ]);
  return {
    listing,
    editions,
    workers,
    asksInvoicing: !canBeInvoiced(client.invoicing),
    now,
    schedule: (date, time) => scheduleFor(listing, date, time),
    site: client.site,
  };
}

/** What the wizard's page shows of a step beside its form: the price, the place, the dates an instant listing offers. */
export interface WizardPageData {
  /** The listing at the chosen edition's price. */
  listing: BookableListing;
  rules: BookingRules;
  values: BookingFormValues;
  estimate: WizardEstimate;
  maxDate: string;
  availability: { dates: AvailableDate[]; longestDayHours: number } | null;
}

export async function wizardPageData(read: WizardRead, screen: WizardScreen): Promise<WizardPageData> {
  const listing = editionPriced(read.listing, screen.edition);
  const rules = courseRules(read);
  const values = withValidIdempotencyKey(screen.values);
  const availability =
    listing.listingType === 'instant' && !byEdition(read) ? await wizardAvailability(listing, rules.today) : null;
  const maxDate = addDays(rules.today, MAX_DAYS_AHEAD);
  return { listing, rules, values, estimate: wizardEstimate(listing, values, rules), maxDate, availability };
}
