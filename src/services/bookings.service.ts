import { randomInt, randomUUID } from 'node:crypto';
import { t } from '../config/i18n.js';
import { transaction, type Trx } from '../db/knex.js';
import { addMinutes, romeLocal } from '../lib/booking-time.js';
import type { BookingFormValues } from '../lib/booking-wizard.shared.js';
import { AppError, conflict } from '../lib/app-error.js';
import { fromCents } from '../lib/money.js';
import { servicePrice, type PriceBreakdown } from '../lib/pricing.js';
import * as participantsRepo from '../models/booking-participants.repo.js';
import { linkParticipantsToRegister } from './workers.service.js';
import * as bookings from '../models/bookings.repo.js';
import * as bookableServices from '../models/bookable-services.repo.js';
import type { BookableService } from '../models/bookable-services.repo.js';
import type { Parties } from '../models/booking-parties.repo.js';
import type { Booking, BookingLocationType, Place } from '../models/booking-record.js';
import { isUuid } from '../lib/uuid.js';
import {
  DEFAULT_MAX_PARTICIPANTS,
  type BookingDetails,
  type BookingRules,
  type LocationChoice,
} from '../validators/booking.validator.js';
import type { ParticipantInput } from '../validators/booking-participants.validator.js';
import type { ReferentInput } from '../validators/booking-attendees.validator.js';
import type { CourseEdition } from '../models/course-editions.repo.js';
import { announce } from './booking-notifications.service.js';
import { takeSeats } from './edition-seats.service.js';
import { providerCalendar, scheduleIn } from './availability.service.js';
import { canBeInvoiced } from './invoicing.service.js';

export type { BookableService, BookingLocationType, Place };

/** Booking a service: the wizard's rules, the price, the place, and the creation of the booking. */

export function maxParticipantsOf(service: Pick<BookableService, 'maxParticipants'>): number {
  return service.maxParticipants ?? DEFAULT_MAX_PARTICIPANTS;
}

/** The rules the wizard's form is checked with, for this service at this moment (Europe/Rome). */
export function wizardRules(service: BookableService, now: Date = new Date()): BookingRules {
  const local = romeLocal(now);
  return {
    today: local.date,
    nowTime: local.time,
    maxParticipants: maxParticipantsOf(service),
    requirements: service.requirements,
    chooseLocation: service.locationType === 'flexible',
  };
}

/** The one price calculation (src/lib/pricing.ts) applied to a service and a number of participants. */
function priceFor(service: BookableService, participants: number): PriceBreakdown {
  return servicePrice(service, participants);
}

/** Where the booked service takes place (SPEC §3): the service's location type, or the client's choice when flexible. */
function bookingLocationType(service: BookableService, choice: LocationChoice | null): BookingLocationType {
  switch (service.locationType) {
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

export function findBookableService(id: string): Promise<BookableService | null> {
  return bookableServices.findBookableService(id);
}

/** The client's legal address, where on-site services take place (null before the profile has one). */
export async function findClientSite(clientId: string): Promise<Place | null> {
  return (await bookableServices.findBookingClient(clientId)).site;
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
  service: BookableService,
  values: BookingFormValues,
  rules: BookingRules,
): WizardEstimate {
  const participants = Math.max(
    1,
    Math.min(rules.maxParticipants, Number.parseInt(values.participants_count, 10) || 1),
  );
  return {
    participants,
    price: priceFor(service, participants),
    fixedLocation: service.locationType === 'flexible' ? null : bookingLocationType(service, null),
  };
}

/** The edition's own price, when it has one, in place of the service's base price (src/lib/pricing.ts). */
export function editionPriced<T extends BookableService>(
  service: T,
  edition: Pick<CourseEdition, 'priceCents'> | null,
): T {
  return edition && edition.priceCents !== null ? { ...service, basePriceCents: edition.priceCents } : service;
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
function providerSite(service: BookableService): Place {
  return service.providerPlace.city ? service.providerPlace : service.servicePlace;
}

const BOOKING_NUMBER_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "BH" + the Rome date + 6 random characters: BH20261122-7K3QZP (unique index; a clash is retried). */
function newBookingNumber(now: Date = new Date()): string {
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += BOOKING_NUMBER_ALPHABET[randomInt(BOOKING_NUMBER_ALPHABET.length)];
  return `BH${romeLocal(now).date.replace(/-/g, '')}-${suffix}`;
}

/** The stored form of the applied costs (as the demo data writes it): euro strings and a description. */
function storedCosts(price: PriceBreakdown): bookings.NewBooking['additionalCosts'] {
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

/** The new booking as stored, or the id of the one this form had already created (a repeated submission). */
export type CreatedBooking =
  { id: string; created: true; booking: Booking; parties: Parties } | { id: string; created: false };

export interface NewBookingInput {
  clientId: string;
  service: BookableService;
  details: BookingDetails;
  participants: ParticipantInput[];
  /** Who receives the provider on site, for services not priced per head (they list no participants). */
  referent: ReferentInput | null;
  /** A course edition (issue 15): its sessions are the booking's days, its seats are taken here. */
  edition?: CourseEdition | null;
  now?: Date;
}

/**
 * Creates the booking of a validated form in one transaction: the booking (confirmed at once for instant
 * services, pending for requests; payment pending), its participants, the provider's notification and
 * the emails to both parties. The form's idempotency key makes a repeated submission (double click,
 * back and resubmit, a retried request) return the booking it already created:
 * INSERT … ON CONFLICT DO NOTHING on (client_id, idempotency_key).
 */
export async function createBooking(input: NewBookingInput): Promise<CreatedBooking> {
  return transaction(async (trx) => {
    const made = await insertNewBooking(input, input.service.serviceType === 'instant' ? 'instant' : 'request', trx);
    // The new row is this transaction's own: no one else can see it, let alone change it, before COMMIT.
    if (made.created) await announce('created', made.booking, {}, trx, made.parties);
    return made;
  });
}

/**
 * Inserts the booking of a validated form and its participants in the caller's transaction, announcing
 * nothing: an instant booking (confirmed), a request (pending), or the request a provider's quote from an
 * inquiry thread answers at once (pending here, quoted by the caller in the same transaction).
 */
export async function insertNewBooking(
  input: NewBookingInput,
  kind: 'instant' | 'request',
  trx: Trx,
): Promise<CreatedBooking> {
  const { clientId, service, details } = input;
  // The service row is held FOR SHARE until this booking commits: a pause at the same moment (FOR UPDATE)
  // either waits for it or is seen here, as the wizard's own check says (409). A form already sent
  // before the pause still returns the booking it created. The client's profile, the provider's calendar
  // and both parties come with the lock.
  const locked = await bookableServices.lockForBooking(service, clientId, details.requestedDate, trx);
  if (!locked) {
    const existing = await bookings.findIdByIdempotencyKey(clientId, details.idempotencyKey, trx);
    if (existing) return { id: existing, created: false };
    throw conflict('catalogue:messages.notBookable');
  }
  const now = input.now ?? new Date();
  const instant = kind === 'instant';
  const edition = input.edition ?? null;
  const price = priceFor(editionPriced(service, edition), details.participantsCount);
  const locationType = edition ? editionLocationType(edition) : bookingLocationType(service, details.locationChoice);
  const durationHours = edition ? edition.hours : (service.durationHours ?? 1);
  // An instant booking is confirmed at once: its client must be invoiceable (issue 12; a request is
  // checked when the provider confirms it).
  if (instant && !canBeInvoiced(locked.invoicing)) {
    throw new AppError(422, 'invoicing_missing', 'money:invoicing.missingWizard');
  }
  // The rule again inside the transaction: the wizard already refused a time the provider does not offer.
  // A request (and a provider's own quote from an inquiry) may fall outside the hours: it is flagged. An
  // edition's own sessions are its days, whatever the opening hours.
  const schedule = edition
    ? { ok: true as const, days: edition.sessions, outsideHours: false }
    : scheduleIn(
        providerCalendar(locked.calendar, details.requestedDate, details.requestedDate),
        { ...service, serviceType: instant ? 'instant' : 'on_request' },
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
      ? (locked.site ?? NO_PLACE)
      : locationType === 'provider_site'
        ? providerSite(service)
        : NO_PLACE;
  // SPEC §4 "discount 0 at creation" is the booking's own discount: nothing is negotiated yet. The
  // service's published discounts are part of the price the client was shown, and are stored as applied.
  const row: Omit<bookings.NewBooking, 'bookingNumber'> = {
    serviceId: service.id,
    clientId,
    providerId: service.providerId,
    status: instant ? 'confirmed' : 'pending',
    bookingType: instant ? 'instant' : 'on_request',
    serviceTitle: service.title,
    serviceCategory: service.category,
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
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const booking = await bookings.insertBooking({ ...row, bookingNumber: newBookingNumber(now) }, trx);
    if (booking) {
      const { id } = booking;
      // The seats in this same transaction: a full edition refuses the booking (409), nothing is kept.
      const seats = { editionId: edition?.id ?? '', clientId, seats: details.participantsCount, now };
      if (edition && !(await takeSeats(seats, trx))) throw conflict('editions:wizard.full');
      const participants = await linkParticipantsToRegister(clientId, input.participants, trx);
      await participantsRepo.insertMany(
        id,
        participants.map((p) => ({ ...p, employeeId: null })),
        trx,
      );
      return { id, created: true, booking, parties: locked.parties };
    }
    // Nothing inserted: this form was already sent (same key), or, rarely, the booking number was taken.
    const existing = await bookings.findIdByIdempotencyKey(clientId, details.idempotencyKey, trx);
    if (existing) return { id: existing, created: false };
  }
  throw new Error('could not allocate a booking number');
}
