import { randomInt, randomUUID } from 'node:crypto';
import { transaction, type Trx } from '../db/knex.js';
import { romeLocal } from '../lib/booking-time.js';
import type { PriceBreakdown } from '../lib/pricing.js';
import type { BookableListing } from '../models/listings/bookable.js';
import { findBookable } from '../models/bookings/context.js';
import type { BookingContext } from '../models/bookings/context.js';
import type { Parties } from '../models/bookings/parties.js';
import type { Booking } from '../models/bookings/booking.js';
import * as bookings from '../models/bookings/read.js';
import * as newBookings from '../models/bookings/insert.js';
import { NO_NOTICES } from '../models/notifications/notices.js';
import type { CourseEdition } from '../models/editions/row.js';
import type { BookingDetails } from '../validators/booking.validator.js';
import type { ParticipantInput } from '../validators/booking-participants.validator.js';
import type { ReferentInput } from '../validators/booking-attendees.validator.js';
import { noticesOf, type NoticeBooking } from './booking-notifications.service.js';
import { planBooking, type PlanRefusal } from './booking-plan.service.js';
import { approvalNeeded, requestApproval, type Requester } from './booking-approvals.service.js';
import { takeSeats } from './edition-seats.service.js';
import { linkParticipantsToRegister, mayJoinRegister } from './workers.service.js';

/**
 * Making a booking, with one core for both ways one is made: the client's wizard (createBooking) and a
 * provider's quote from an inquiry thread (createQuotedRequest).
 */

/** Why a booking was not made: a code with what its message needs, written out by the wizard's page. */
export type BookingRefusal =
  /** The listing was paused or removed since the form was read. */
  | { code: 'not_bookable' }
  /** The edition's last seats went a moment ago. */
  | { code: 'edition_full' }
  | PlanRefusal;

/** What its makers read of a new booking: the row it was written with, so nothing is read back. */
export type MadeBooking = Pick<Booking, 'id' | 'bookingNumber' | 'status' | 'totalAmountCents'>;

/** The new booking as stored, or the id of the one this form had already created (a repeated submission). */
export type CreatedBooking =
  | { ok: true; id: string; created: true; booking: MadeBooking; parties: Parties }
  | { ok: true; id: string; created: false }
  | { ok: false; refusal: BookingRefusal };

export interface NewBookingInput {
  clientId: string;
  listing: BookableListing;
  details: BookingDetails;
  participants: ParticipantInput[];
  /** Who receives the provider on site, for services not priced per head (they list no participants). */
  referent: ReferentInput | null;
  /** A course edition: its sessions are the booking's days, its seats are taken here. */
  edition?: CourseEdition | null;
  /** Who books for the client: with the organisation's approval rule, whether the booking waits for approval. */
  requester?: Requester;
  now?: Date;
  /** The member making it (users.id), recorded as who did it. */
  createdBy?: string | null;
}

/** A booking number is random: a clash (unique index) is retried with another, this many times in all. */
const NUMBER_ATTEMPTS = 5;

/**
 * The booking of a validated wizard form: confirmed at once for instant services, pending for requests
 * (payment pending), with its participants and both parties' notifications and emails, all in one statement
 * that also locks the listing (models/bookings/insert.ts insertBooking): nothing of it is ever kept without
 * the rest, and a pause at the same moment either waits for it or refuses it. A course edition's seats are
 * taken first, in one transaction with it. The form's idempotency key makes a repeated submission (double
 * click, back and resubmit, a retried request) return the booking it already created. `known` is the context
 * read with the listing (bookings.service findForWizard), with closures from on or before the
 * requested date.
 */
export async function createBooking(input: NewBookingInput, known?: BookingContext): Promise<CreatedBooking> {
  const { clientId, listing, details } = input;
  const context = known ?? (await findBookable(listing.id, { clientId, from: details.requestedDate }))?.context ?? null;
  const kind = listing.listingType === 'instant' ? 'instant' : 'request';
  return makeBooking(input, context, { kind, announced: true });
}

/**
 * The request a provider's quote from an inquiry thread answers at once, in the caller's transaction
 * (which quotes it and announces the quote): pending, with its site referent, announcing nothing itself.
 * A refusal leaves nothing written here.
 */
export async function createQuotedRequest(input: NewBookingInput, trx: Trx): Promise<CreatedBooking> {
  const { clientId, listing, details } = input;
  const found = await findBookable(listing.id, { clientId, from: details.requestedDate }, trx);
  return makeBooking(input, found?.context ?? null, { kind: 'request', announced: false }, trx);
}

/** How the core makes a booking: confirmed at once or a request, and whether it announces it. */
interface Making {
  kind: 'instant' | 'request';
  announced: boolean;
}

/** Why a booking's writes were undone: the transaction holding them rolls back with this. */
class Undone extends Error {
  constructor(readonly outcome: newBookings.BookingInsert | { kind: 'edition_full' }) {
    super('booking not written');
  }
}

/**
 * The one core: plans the booking against its context, then writes it, with another booking number while
 * the number is taken. Seats taken, or people added to the client's register, are written in one
 * transaction with it (the caller's, or its own, rolled back when the booking is not written).
 */
async function makeBooking(
  input: NewBookingInput,
  context: BookingContext | null,
  making: Making,
  trx?: Trx,
): Promise<CreatedBooking> {
  const { clientId, details } = input;
  // The listing was paused or removed since it was read: a form already sent still finds its booking.
  if (!context) return earlierOr(input, { code: 'not_bookable' }, trx);
  const planned = planBooking(input, making.kind, context);
  if (!planned.ok) return earlierOr(input, planned.refusal, trx);
  const edition = input.edition ?? null;
  // A booking its client's administrators must approve waits "In approvazione": the provider is told nothing yet.
  const waits = await approvalNeeded(clientId, input.requester, planned.price.totalAmountCents, trx);
  const ownTransaction = !trx && (waits || edition !== null || mayJoinRegister(input.participants));
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const row = {
      ...planned.row,
      ...(waits ? { status: 'awaiting_approval' as const, confirmedAt: null } : {}),
      id: randomUUID(),
      bookingNumber: newBookingNumber(planned.row.createdAt),
    };
    const write = async (t?: Trx) => {
      const seats = { editionId: edition?.id ?? '', clientId, seats: details.participantsCount, now: row.createdAt };
      if (edition && !(await takeSeats(seats, t!))) return { kind: 'edition_full' as const };
      const people = (await linkParticipantsToRegister(clientId, input.participants, t)).map(asStored);
      const notices =
        making.announced && !waits
          ? noticesOf('created', noticeBookingOf(row, planned.price), {}, context.parties)
          : NO_NOTICES;
      const inserted = await newBookings.insertBooking(row, people, notices, t, input.requester?.personId ?? null);
      if (waits && inserted.kind === 'inserted') {
        const request = { kind: 'booking' as const, requestedBy: input.requester!.personId };
        await requestApproval(noticeBookingOf(row, planned.price), request, row.createdAt, t!, context.parties);
      }
      return inserted;
    };
    const outcome = ownTransaction
      ? await transaction(async (t) => {
          const written = await write(t);
          if (written.kind !== 'inserted') throw new Undone(written);
          return written;
        }).catch((err: unknown) => {
          if (err instanceof Undone) return err.outcome;
          throw err;
        })
      : await write(trx);
    if (outcome.kind === 'inserted') {
      const { id, bookingNumber, status } = row;
      const booking = { id, bookingNumber, status, totalAmountCents: planned.price.totalAmountCents };
      return { ok: true, id, created: true, booking, parties: context.parties };
    }
    // The last seats went a moment ago, or the listing was paused: unless this very form booked already.
    if (outcome.kind !== 'not_inserted') return earlierOr(input, { code: outcome.kind }, trx);
    // Nothing was kept: this form was already sent (same key), or, rarely, the booking number was taken.
    const existing = await bookings.findIdByIdempotencyKey(clientId, details.idempotencyKey, trx);
    if (existing) return { ok: true, id: existing, created: false };
  }
  throw new Error('could not allocate a booking number');
}

/** A participant as a new booking stores it: no employee record yet. */
const asStored = <P extends ParticipantInput>(p: P) => ({ ...p, employeeId: null });

/** The booking this form already made (a repeated submission), or the refusal. */
async function earlierOr(input: NewBookingInput, refusal: BookingRefusal, trx?: Trx): Promise<CreatedBooking> {
  const existing = await bookings.findIdByIdempotencyKey(input.clientId, input.details.idempotencyKey, trx);
  return existing ? { ok: true, id: existing, created: false } : { ok: false, refusal };
}

/** What the notices of a booking about to be written say of it: a new booking has no quote, payment or refund yet. */
function noticeBookingOf(row: newBookings.IdentifiedNewBooking, price: PriceBreakdown): NoticeBooking {
  return {
    ...row,
    totalAmountCents: price.totalAmountCents,
    quoteTotalAmountCents: null,
    quoteValidUntil: null,
    quoteIncludes: null,
    paymentStatus: 'pending',
    refundAmountCents: null,
    refundPercentage: null,
    refundedAmountCents: 0,
    disputeRefundAmountCents: 0,
  };
}

const BOOKING_NUMBER_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "BH" + the Rome date + 6 random characters: BH20261122-7K3QZP (unique index; a clash is retried). */
function newBookingNumber(now: Date): string {
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += BOOKING_NUMBER_ALPHABET[randomInt(BOOKING_NUMBER_ALPHABET.length)];
  return `BH${romeLocal(now).date.replace(/-/g, '')}-${suffix}`;
}
