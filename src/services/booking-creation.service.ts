import { randomInt, randomUUID } from 'node:crypto';
import { t } from '../config/i18n.js';
import { refusalOf, transaction, type Trx } from '../db/knex.js';
import { AppError, conflict } from '../lib/app-error.js';
import { addMinutes, romeLocal } from '../lib/booking-time.js';
import { fromCents } from '../lib/money.js';
import type { PriceBreakdown } from '../lib/pricing.js';
import type { BookableListing } from '../models/listings/bookable.js';
import { findBookable } from '../models/bookings/context.js';
import type { BookingContext } from '../models/bookings/context.js';
import type { Parties } from '../models/bookings/parties.js';
import * as participantsRepo from '../models/bookings/participants.js';
import type { Booking, BookingLocationType, Place } from '../models/bookings/booking.js';
import * as bookings from '../models/bookings/read.js';
import * as newBookings from '../models/bookings/write.js';
import type { CourseEdition } from '../models/editions/row.js';
import type { BookingDetails } from '../validators/booking.validator.js';
import type { ParticipantInput } from '../validators/booking-participants.validator.js';
import type { ReferentInput } from '../validators/booking-attendees.validator.js';
import { providerCalendar, scheduleIn } from './availability.service.js';
import { noticeStatements, type NoticeBooking } from './booking-notifications.service.js';
import { bookingLocationType, editionPriced, priceFor } from './bookings.service.js';
import { takeSeats } from './edition-seats.service.js';
import { canBeInvoiced } from './invoicing.service.js';
import { linkParticipantsToRegister, mayJoinRegister } from './workers.service.js';

/** Making a booking: from a validated wizard form, or for a provider's quote from an inquiry thread. */

/** The new booking as stored, or the id of the one this form had already created (a repeated submission). */
export type CreatedBooking =
  { id: string; created: true; booking: Booking; parties: Parties } | { id: string; created: false };

export interface NewBookingInput {
  clientId: string;
  listing: BookableListing;
  details: BookingDetails;
  participants: ParticipantInput[];
  /** Who receives the provider on site, for services not priced per head (they list no participants). */
  referent: ReferentInput | null;
  /** A course edition: its sessions are the booking's days, its seats are taken here. */
  edition?: CourseEdition | null;
  now?: Date;
}

/** A booking number is random: a clash (unique index) is retried with another, this many times in all. */
const NUMBER_ATTEMPTS = 5;

/**
 * Creates the booking of a validated form: the booking (confirmed at once for instant services, pending for
 * requests; payment pending), its participants, both parties' notifications and emails, all in one
 * statement (models/bookings/write.ts writeNewBooking) that also locks the service: nothing of it is ever kept without
 * the rest, and a pause at the same moment either waits for it or refuses it (409). A course edition's
 * seats are taken first, in one transaction with it: a full edition refuses the booking (409).
 * The form's idempotency key makes a repeated submission (double click, back and resubmit, a retried
 * request) return the booking it already created: INSERT … ON CONFLICT DO NOTHING on (client_id, key).
 * `known` is the context read with the service (bookings.service findBookableForBooking), with closures
 * from on or before the requested date.
 */
export async function createBooking(input: NewBookingInput, known?: BookingContext): Promise<CreatedBooking> {
  const { clientId, listing, details } = input;
  const context = known ?? (await findBookable(listing.id, { clientId, from: details.requestedDate }))?.context ?? null;
  // The service was paused or removed since the wizard read it: a form already sent still finds its booking.
  if (!context) return earlierOr(input, conflict('catalogue:messages.notBookable'));
  const planned = planBooking(input, listing.listingType === 'instant' ? 'instant' : 'request', context);
  const edition = input.edition ?? null;
  // Seats taken, or people added to the client's register: those writes and the booking's go in one
  // transaction. Otherwise the booking's one statement is all there is to write.
  const together = edition !== null || mayJoinRegister(input.participants);
  // The statement's text depends only on how many participants it inserts (a new booking's notices are
  // always two notifications and two emails): one prepared statement per count.
  const statementName = `new-booking-${input.participants.length}`;
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const row = { ...planned.row, id: randomUUID(), bookingNumber: newBookingNumber(planned.row.createdAt) };
    // The booking's statement with what belongs to it, named by its id before it exists: its participants
    // (linked to the client's register), both notifications and both emails. All of it is kept, or none.
    const write = async (trx?: Trx) => {
      const people = (await linkParticipantsToRegister(clientId, input.participants, trx)).map(asStored);
      const insertPeople = participantsRepo.insertStatement(row.id, people, trx);
      const notices = noticeStatements('created', noticeBookingOf(row, planned.price), {}, context.parties, trx);
      const belonging = insertPeople ? [insertPeople, ...notices] : notices;
      return newBookings.writeNewBooking(row, belonging, trx, statementName);
    };
    try {
      const booking = together
        ? await transaction(async (trx) => {
            const seats = {
              editionId: edition?.id ?? '',
              clientId,
              seats: details.participantsCount,
              now: row.createdAt,
            };
            if (edition && !(await takeSeats(seats, trx))) throw conflict('editions:wizard.full');
            return write(trx);
          })
        : await write();
      if (booking) return { id: booking.id, created: true, booking, parties: context.parties };
    } catch (err) {
      // The last seats went a moment ago, or the service was paused: unless this very form booked already.
      if (err instanceof AppError) return earlierOr(input, err);
      const refusal = refusalOf(err);
      if (refusal === 'not_bookable') return earlierOr(input, conflict('catalogue:messages.notBookable'));
      if (refusal !== 'not_inserted') throw err;
    }
    // Nothing was kept: this form was already sent (same key), or, rarely, the booking number was taken.
    const existing = await bookings.findIdByIdempotencyKey(clientId, details.idempotencyKey);
    if (existing) return { id: existing, created: false };
  }
  throw new Error('could not allocate a booking number');
}

/**
 * Inserts the booking of a validated form and its participants in the caller's transaction, announcing
 * nothing: the request a provider's quote from an inquiry thread answers at once (pending here, quoted by
 * the caller in the same transaction), or any booking whose caller writes the rest itself.
 */
export async function insertNewBooking(
  input: NewBookingInput,
  kind: 'instant' | 'request',
  trx: Trx,
): Promise<CreatedBooking> {
  const { clientId, listing, details } = input;
  const context = (await findBookable(listing.id, { clientId, from: details.requestedDate }, trx))?.context ?? null;
  if (!context) return earlierOr(input, conflict('catalogue:messages.notBookable'), trx);
  const planned = planBooking(input, kind, context);
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const row = { ...planned.row, id: randomUUID(), bookingNumber: newBookingNumber(planned.row.createdAt) };
    // Alone: a booking not inserted then refuses nothing, and the caller's transaction goes on.
    const booking = await newBookings.writeNewBooking(row, [], trx).catch((err: unknown) => {
      throw refusalOf(err) === 'not_bookable' ? conflict('catalogue:messages.notBookable') : err;
    });
    if (booking) {
      const participants = await linkParticipantsToRegister(clientId, input.participants, trx);
      await participantsRepo.insertMany(booking.id, participants.map(asStored), trx);
      return { id: booking.id, created: true, booking, parties: context.parties };
    }
    const existing = await bookings.findIdByIdempotencyKey(clientId, details.idempotencyKey, trx);
    if (existing) return { id: existing, created: false };
  }
  throw new Error('could not allocate a booking number');
}

/** A participant as a new booking stores it: no employee record yet. */
const asStored = <P extends ParticipantInput>(p: P) => ({ ...p, employeeId: null });

/** The booking this form already made (a repeated submission), or the refusal. */
async function earlierOr(input: NewBookingInput, refusal: AppError, trx?: Trx): Promise<CreatedBooking> {
  const existing = await bookings.findIdByIdempotencyKey(input.clientId, input.details.idempotencyKey, trx);
  if (existing) return { id: existing, created: false };
  throw refusal;
}

interface PlannedBooking {
  row: Omit<newBookings.NewBooking, 'bookingNumber'>;
  price: PriceBreakdown;
}

/**
 * The booking a validated form makes, checked against what the booking is placed in: the client's
 * invoicing (an instant booking), the provider's hours, the place and the price.
 */
function planBooking(input: NewBookingInput, kind: 'instant' | 'request', context: BookingContext): PlannedBooking {
  const { clientId, listing, details } = input;
  const now = input.now ?? new Date();
  const instant = kind === 'instant';
  const edition = input.edition ?? null;
  const price = priceFor(editionPriced(listing, edition), details.participantsCount);
  const locationType = edition ? editionLocationType(edition) : bookingLocationType(listing, details.locationChoice);
  const durationHours = edition ? edition.hours : (listing.durationHours ?? 1);
  // An instant booking is confirmed at once: its client must be invoiceable (a request is
  // checked when the provider confirms it).
  if (instant && !canBeInvoiced(context.invoicing)) {
    throw new AppError(422, 'invoicing_missing', 'money:invoicing.missingWizard');
  }
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
  if (!schedule.ok) throw new AppError(422, 'slot_unavailable', `availability:slot.${schedule.problem}`);
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

/** What the notices of a booking about to be written say of it: a new booking has no quote yet. */
function noticeBookingOf(row: newBookings.IdentifiedNewBooking, price: PriceBreakdown): NoticeBooking {
  return {
    ...row,
    totalAmountCents: price.totalAmountCents,
    quoteTotalAmountCents: null,
    quoteValidUntil: null,
    quoteIncludes: null,
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

const BOOKING_NUMBER_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "BH" + the Rome date + 6 random characters: BH20261122-7K3QZP (unique index; a clash is retried). */
function newBookingNumber(now: Date): string {
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += BOOKING_NUMBER_ALPHABET[randomInt(BOOKING_NUMBER_ALPHABET.length)];
  return `BH${romeLocal(now).date.replace(/-/g, '')}-${suffix}`;
}

/** The stored form of the applied costs (as the demo data writes it): euro strings and a description. */
function storedCosts(price: PriceBreakdown): newBookings.NewBooking['additionalCosts'] {
  return price.additionalCosts.map((c) => ({
    name: c.name,
    type: c.type,
    amount: fromCents(c.amountCents),
    description:
      c.description ??
      (c.type === 'percentage'
        ? t('bookings:costs.percentageDescription', { rate: c.rate })
        : t('bookings:costs.fixedDescription')),
  }));
}
