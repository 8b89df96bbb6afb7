import { appliedCostDescription } from '../documents/booking-words.js';
import { addMinutes } from '../lib/booking-time.js';
import { fromCents } from '../lib/money.js';
import type { PriceBreakdown } from '../lib/pricing.js';
import type { BookingLocationType, Place } from '../models/bookings/booking.js';
import type { BookingContext } from '../models/bookings/context.js';
import type { NewBooking } from '../models/bookings/insert.js';
import type { CourseEdition } from '../models/editions/row.js';
import type { BookableListing } from '../models/listings/bookable.js';
import { providerCalendar, scheduleIn, type SlotProblem } from './availability.service.js';
import type { NewBookingInput } from './booking-creation.service.js';
import { bookingLocationType, editionPriced, priceFor } from './bookings.service.js';
import { canBeInvoiced } from './invoicing.service.js';

/**
 * The booking a validated form makes, before it is written (booking-creation.service writes it): its
 * place, its days within the provider's hours, its price, and whether its client can be invoiced.
 */

/** Why a validated form makes no booking, whatever the moment: its client, or the provider's hours. */
export type PlanRefusal =
  /** The provider does not work then (an instant booking), and why. */
  | { code: 'slot_unavailable'; problem: SlotProblem }
  /** An instant booking is confirmed at once: its client must have said how it receives invoices. */
  | { code: 'invoicing_missing' };

/** The new booking a form makes (its id and number aside) and its price. */
export interface PlannedBooking {
  row: Omit<NewBooking, 'bookingNumber'>;
  price: PriceBreakdown;
}

/**
 * The booking a validated form makes, checked against what the booking is placed in: the client's
 * invoicing (an instant booking), the provider's hours, the place and the price.
 */
export function planBooking(
  input: NewBookingInput,
  kind: 'instant' | 'request',
  context: BookingContext,
): ({ ok: true } & PlannedBooking) | { ok: false; refusal: PlanRefusal } {
  const { clientId, listing, details } = input;
  const now = input.now ?? new Date();
  const instant = kind === 'instant';
  const edition = input.edition ?? null;
  const price = priceFor(editionPriced(listing, edition), details.participantsCount);
  const locationType = edition ? editionLocationType(edition) : bookingLocationType(listing, details.locationChoice);
  const durationHours = edition ? edition.hours : (listing.durationHours ?? 1);
  // An instant booking is confirmed at once: its client must be invoiceable (a request is
  // checked when the provider confirms it).
  if (instant && !canBeInvoiced(context.invoicing)) return { ok: false, refusal: { code: 'invoicing_missing' } };
  // The rule again here: the wizard already refused a time the provider does not offer. A request (and a
  // provider's own quote from an inquiry) may fall outside the hours: it is flagged. An edition's own
  // sessions are its days, whatever the opening hours.
  const schedule = edition
    ? { ok: true as const, days: edition.sessions, outsideHours: false }
    : scheduleIn(
        providerCalendar(context.calendar, details.requestedDate, details.requestedDate),
        { ...listing, listingType: instant ? 'instant' : 'on_request' },
        details.requestedDate,
        details.requestedTime,
      );
  if (!schedule.ok) return { ok: false, refusal: { code: 'slot_unavailable', problem: schedule.problem } };
  const { days, outsideHours } = schedule;
  const last = days[days.length - 1];
  const end = last
    ? { date: last.date, time: last.end }
    : addMinutes({ date: details.requestedDate, time: details.requestedTime }, durationHours * 60);
  const location = edition
    ? editionPlace(edition)
    : locationType === 'client_site'
      ? (context.site ?? NO_PLACE)
      : locationType === 'provider_site'
        ? providerSite(listing)
        : NO_PLACE;
  // docs/product.md §4 "discount 0 at creation" is the booking's own discount: nothing is negotiated yet. The
  // service's published discounts are part of the price the client was shown, and are stored as applied.
  return {
    ok: true,
    price,
    row: {
      listingId: listing.id,
      clientId,
      providerId: listing.providerId,
      status: instant ? 'confirmed' : 'pending',
      bookingType: instant ? 'instant' : 'on_request',
      listingTitle: listing.title,
      listingCategory: listing.category,
      requestedDate: details.requestedDate,
      requestedTime: details.requestedTime,
      endTime: end.date === details.requestedDate ? end.time : null,
      durationHours,
      days,
      outsideHours,
      locationType,
      location,
      participantsCount: details.participantsCount,
      editionId: edition?.id ?? null,
      clientNotes: details.clientNotes,
      specialRequirements: details.specialRequirements,
      referent: input.referent,
      baseAmount: fromCents(price.baseAmountCents),
      additionalCosts: storedCosts(price),
      discountAmount: fromCents(price.discountAmountCents),
      taxAmount: fromCents(price.taxAmountCents),
      totalAmount: fromCents(price.totalAmountCents),
      idempotencyKey: details.idempotencyKey,
      confirmedAt: instant ? now : null,
      createdAt: now,
    },
  };
}

const editionLocationType = (e: CourseEdition): BookingLocationType =>
  e.deliveryMode === 'online_sync' ? 'remote' : 'provider_site';

function editionPlace(e: CourseEdition): Place {
  return {
    address: e.venueAddress,
    city: e.venueCity,
    province: e.venueProvince,
    postalCode: null,
    lat: e.venueLat,
    lng: e.venueLng,
  };
}

const NO_PLACE: Place = { address: null, city: null, province: null, postalCode: null, lat: null, lng: null };

/** The provider's address; the service's own location when the provider has not given one. */
function providerSite(listing: BookableListing): Place {
  return listing.providerPlace.city ? listing.providerPlace : listing.listingPlace;
}

/** The stored form of the applied costs (as the demo data writes it): euro strings and a description. */
function storedCosts(price: PriceBreakdown): NewBooking['additionalCosts'] {
  return price.additionalCosts.map((c) => ({
    name: c.name,
    type: c.type,
    amount: fromCents(c.amountCents),
    description: c.description ?? appliedCostDescription(c),
  }));
}
