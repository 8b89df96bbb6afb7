import { transaction } from '../db/knex.js';
import { todayInRome } from '../lib/booking-time.js';
import { EXPIRED_REASON, QUOTE_EXPIRED_REASON } from '../lib/booking-outcome.js';
import type { Booking } from '../models/bookings/booking.js';
import * as bookings from '../models/bookings/read.js';
import type { BookingChanges } from '../models/bookings/write.js';
import { apply } from './booking-lifecycle.service.js';
import type { BookingEvent } from './booking-notifications.service.js';
import { quoteLapsed, startOf } from './booking-rules.service.js';

/**
 * The steps of the booking state machine the job runner takes when their time comes (the people's steps are
 * in booking-lifecycle.service.ts):
 *
 *   pending   --expire (48 h unanswered, or its start passed)--> cancelled (reason "scaduta")
 *   quoted    --expire (after its validity date)-->              cancelled (reason "preventivo_scaduto")
 *   confirmed --start (its start has come)-->                    in_progress (started_at)
 *
 * Each booking is locked and checked again in its own transaction, so several workers at once take each step
 * exactly once, with one set of notices.
 */

/** A pending request nobody answered is cancelled after this long. */
const REQUEST_EXPIRY_HOURS = 48;
const BATCH = 100;

/**
 * Takes one step, in batches, on the bookings `listIds` finds: each one locked and checked again with
 * `stillDue`, so several workers at once change each booking exactly once. Returns how many it changed.
 */
async function stepEach(
  listIds: () => Promise<string[]>,
  stillDue: (b: Booking) => boolean,
  changes: BookingChanges,
  event: BookingEvent,
  now: Date,
): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await listIds();
    let changed = 0;
    for (const id of ids) {
      const done = await transaction(async (trx) => {
        const booking = await bookings.lockForUpdate(id, trx);
        if (!booking || !stillDue(booking)) return false;
        await apply(booking, { changes, event, context: {} }, now, trx);
        return true;
      });
      if (done) changed += 1;
    }
    total += changed;
    if (ids.length < BATCH || changed === 0) return total;
  }
}

/**
 * Cancels the pending requests nobody answered within 48 hours (or whose start has already passed):
 * status cancelled, reason "scaduta", both parties notified. Run by the job runner every few minutes; safe
 * to run in several processes at once. Returns how many expired.
 */
export async function expireUnansweredRequests(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_EXPIRY_HOURS * 3_600_000);
  return stepEach(
    () => bookings.listExpiredRequestIds(cutoff, now, BATCH),
    (b) =>
      b.status === 'pending' && (b.createdAt.getTime() <= cutoff.getTime() || startOf(b).getTime() <= now.getTime()),
    { status: 'cancelled', cancellationReason: EXPIRED_REASON, cancelledAt: now },
    'expired',
    now,
  );
}

/**
 * Cancels the quotes the client left unanswered past their validity date: status cancelled, reason
 * "preventivo_scaduto", both parties notified. Run by the job runner beside the requests' expiry.
 */
export async function expireUnansweredQuotes(now: Date = new Date()): Promise<number> {
  return stepEach(
    () => bookings.listExpiredQuoteIds(todayInRome(now), BATCH),
    (b) => b.status === 'quoted' && quoteLapsed(b, now),
    { status: 'cancelled', cancellationReason: QUOTE_EXPIRED_REASON, cancelledAt: now },
    'quote_expired',
    now,
  );
}

/**
 * Moves the confirmed bookings whose start has come to "In Corso" (started_at stamped), the client told once.
 * The provider then completes it or records a no-show as before. Returns how many started.
 */
export async function startDueBookings(now: Date = new Date()): Promise<number> {
  return stepEach(
    () => bookings.listStartedConfirmedIds(todayInRome(now), now, BATCH),
    (b) => b.status === 'confirmed' && startOf(b).getTime() <= now.getTime(),
    { status: 'in_progress', startedAt: now },
    'started',
    now,
  );
}
