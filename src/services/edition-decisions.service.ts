import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import { minimumCancellationReason } from '../documents/words.js';
import { LIVE_BOOKING_STATUSES } from '../lib/booking-status.js';
import { addDays, todayInRome } from '../lib/booking-time.js';
import { fromCents } from '../lib/money.js';
import { refundOf } from '../lib/pricing.js';
import { markCancelled, markConfirmed, markMinimumNoticeSent } from '../models/editions/write.js';
import { updateBooking } from '../models/bookings/write.js';
import type { Booking } from '../models/bookings/booking.js';
import * as bookings from '../models/bookings/read.js';
import * as editions from '../models/editions/state.js';
import { findOwnEdition, type EditionOwner } from '../models/editions/read.js';
import type { EditionState } from '../models/editions/row.js';
import * as waitlist from '../models/editions/waitlist.js';
import { validateReason } from '../validators/booking-actions.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { tell } from './edition-notices.service.js';

/**
 * An edition's fate when it does not fill up: its provider confirms it anyway (scheduled ->
 * confirmed) or cancels it (-> cancelled, reason 'provider'); if neither by config().editionMinimumLeadDays
 * before its first day, the job runner cancels it (reason 'minimum'), after asking the provider once a few
 * days earlier. A cancellation, in one transaction on the locked edition row (its live bookings locked
 * first, the order a booking's own transaction takes them in): each live booking cancelled with a full
 * refund (cancelForEdition, below), each client told why and offered the next edition,
 * the waiting line closed and told, the seats released. A cancelled edition is never cancelled again.
 */

/** The provider is asked to decide this many days before the automatic cancellation. */
export const MINIMUM_NOTICE_EXTRA_DAYS = 3;

export type DecisionResult =
  | { ok: true; edition: EditionState }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; edition: EditionState }
  | { ok: false; kind: 'invalid'; edition: EditionState; errors: FormErrors; values: Record<string, unknown> };

/** The edition of this provider, locked; anyone else's (or an unknown one) is not found. */
/** The edition's provider, or one of its members as the editions they see (a trainer: those assigned). */
type Owner = string | EditionOwner;

async function ownLocked(editionId: string, owner: Owner, trx: Trx): Promise<EditionState | null> {
  const edition = await editions.lockForUpdate(editionId, trx);
  if (!edition || edition.providerId !== (typeof owner === 'string' ? owner : owner.providerId)) return null;
  // A trainer decides only about the editions assigned to them.
  if (typeof owner !== 'string' && owner.assignedTo && !(await findOwnEdition(editionId, owner, trx))) return null;
  return edition;
}

/** An edition its provider can still decide about: scheduled and not over. */
const decidable = (e: EditionState, now: Date): boolean => e.status === 'scheduled' && e.endsOn >= todayInRome(now);

/** The provider takes the edition on, even under its minimum: it will not be cancelled automatically. */
export async function confirmEdition(editionId: string, providerId: Owner, now = new Date()): Promise<DecisionResult> {
  return transaction(async (trx) => {
    const edition = await ownLocked(editionId, providerId, trx);
    if (!edition) return { ok: false, kind: 'not_found' };
    if (!decidable(edition, now)) return { ok: false, kind: 'refused', edition };
    await markConfirmed(edition.id, now, trx);
    return { ok: true, edition: { ...edition, status: 'confirmed' } };
  });
}

/** The provider cancels the edition, with a reason every client is told. */
export async function cancelEditionByProvider(
  editionId: string,
  providerId: Owner,
  input: unknown,
  now = new Date(),
): Promise<DecisionResult> {
  return transaction(async (trx) => {
    await editions.lockLiveBookings(editionId, trx);
    const edition = await ownLocked(editionId, providerId, trx);
    if (!edition) return { ok: false, kind: 'not_found' };
    if (edition.status === 'cancelled' || edition.endsOn < todayInRome(now))
      return { ok: false, kind: 'refused', edition };
    const form = validateReason(input);
    if (!form.ok) return { ok: false, kind: 'invalid', edition, errors: form.errors, values: form.value };
    await cancelEdition(edition, 'provider', form.value.reason, now, trx);
    return { ok: true, edition: { ...edition, status: 'cancelled' } };
  });
}

async function cancelEdition(
  edition: EditionState,
  kind: 'provider' | 'minimum',
  note: string | null,
  now: Date,
  trx: Trx,
): Promise<void> {
  await markCancelled(edition.id, kind, kind === 'provider' ? note : null, now, trx);
  const next = await editions.findNextOpen(edition, now, trx);
  const reason = kind === 'provider' ? (note ?? '') : minimumCancellationReason();
  const by = kind === 'provider' ? edition.providerId : null;
  const told = new Set<string>();
  for (const id of await editions.liveBookingIds(edition.id, trx)) {
    const booking = await cancelForEdition(id, reason, by, now, trx);
    if (!booking) continue;
    told.add(booking.clientId);
    const ctx = { reason, next, booked: true, path: `/bookings/${booking.id}` };
    await tell('edition-cancelled', 'client', booking.clientId, edition, ctx, trx);
  }
  for (const entry of await waitlist.listLive(edition.id, trx)) {
    await waitlist.markEnded(entry.id, 'closed', now, trx);
    if (told.has(entry.clientId)) continue;
    told.add(entry.clientId);
    await tell('edition-cancelled', 'client', entry.clientId, edition, { reason, next, path: '/waitlist' }, trx);
  }
  if (kind === 'minimum') {
    const path = `/services/${edition.listingId}/editions`;
    await tell('edition-auto-cancelled', 'provider', edition.providerId, edition, { reason, next, path }, trx);
  }
}

/** Runs `step` on each listed edition in its own transaction, in batches, until none is left to do. */
async function eachEdition(list: () => Promise<string[]>, step: (id: string, trx: Trx) => Promise<boolean>) {
  let done = 0;
  for (;;) {
    const ids = await list();
    let changed = 0;
    for (const id of ids) if (await transaction((trx) => step(id, trx))) changed += 1;
    done += changed;
    if (ids.length < 100 || changed === 0) return done;
  }
}

const underMinimum = (e: EditionState | null, lastDay: string): e is EditionState =>
  !!e && e.status === 'scheduled' && e.seatsTaken < e.minParticipants && e.startsOn <= lastDay;

/**
 * The job runner's task: editions still scheduled and under their minimum within the lead time of their first
 * day are cancelled (reason 'minimum'). Each is checked again behind its row lock: with two job runners, one
 * cancels and the other finds it cancelled. Returns how many it cancelled.
 */
export async function cancelEditionsUnderMinimum(now: Date = new Date()): Promise<number> {
  const lastDay = addDays(todayInRome(now), config().editionMinimumLeadDays);
  return eachEdition(
    () => editions.listUnderMinimumIds(lastDay),
    async (id, trx) => {
      await editions.lockLiveBookings(id, trx);
      const edition = await editions.lockForUpdate(id, trx);
      if (!underMinimum(edition, lastDay)) return false;
      await cancelEdition(edition, 'minimum', null, now, trx);
      return true;
    },
  );
}

/**
 * The job runner's task: a few days before that, the provider of an edition still under its minimum is asked,
 * once, to confirm or cancel it (minimum_notice_sent_at, set behind the row lock). Returns how many it asked.
 */
export async function askProvidersAboutMinimum(now: Date = new Date()): Promise<number> {
  const lead = config().editionMinimumLeadDays;
  const today = todayInRome(now);
  const noticeDay = addDays(today, lead + MINIMUM_NOTICE_EXTRA_DAYS);
  const cancelDay = addDays(today, lead);
  return eachEdition(
    () => editions.listUnderMinimumIds(noticeDay, { unnoticed: true }),
    async (id, trx) => {
      const edition = await editions.lockForUpdate(id, trx);
      if (!underMinimum(edition, noticeDay) || edition.minimumNoticeSentAt) return false;
      // Already within the lead time: the cancellation task takes it; mark it so it is not listed again.
      await markMinimumNoticeSent(edition.id, now, trx);
      if (edition.startsOn <= cancelDay) return true;
      const deadline = addDays(edition.startsOn, -lead);
      const path = `/services/${edition.listingId}/editions`;
      await tell('edition-minimum', 'provider', edition.providerId, edition, { deadline, path }, trx);
      return true;
    },
  );
}

/** The periodic task of the job runner: ask first, then cancel what is due. */
export async function decideEditionsUnderMinimum(now: Date = new Date()): Promise<void> {
  await askProvidersAboutMinimum(now);
  await cancelEditionsUnderMinimum(now);
}

/**
 * Cancels a booking because its course edition is cancelled (by its provider, or for lack of participants),
 * inside the edition's transaction: refunded in full (the provider cancels, §cancellazioni), the reason
 * recorded. The edition's cancellation tells the client itself (edition-notices.service), with the next
 * edition, so no booking notice is written here. null when the booking no longer holds seats.
 */
async function cancelForEdition(
  bookingId: string,
  reason: string,
  cancelledBy: string | null,
  now: Date,
  trx: Trx,
): Promise<Booking | null> {
  const booking = await bookings.lockForUpdate(bookingId, trx);
  if (!booking || !LIVE_BOOKING_STATUSES.includes(booking.status)) return null;
  // A booking its client had not approved yet ends unapproved: its provider never sees it.
  if (booking.status === 'awaiting_approval')
    return updateBooking(
      booking.id,
      { status: 'not_approved', cancelledAt: now, cancellationReason: reason },
      now,
      trx,
    );
  return updateBooking(
    booking.id,
    {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy,
      cancellationReason: reason,
      refundPercentage: 100,
      refundAmount: fromCents(refundOf(booking.totalAmountCents, 100)),
    },
    now,
    trx,
  );
}
