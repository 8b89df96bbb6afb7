import { t } from '../config/i18n.js';
import { transaction, type Trx } from '../db/knex.js';
import { romeInstant } from '../lib/booking-time.js';
import type { UserType } from '../lib/current-user.js';
import { commissionOn } from '../lib/commission.js';
import { fromCents } from '../lib/money.js';
import { quotedPrice } from '../lib/pricing.js';
import * as bookings from '../models/bookings.repo.js';
import type { Booking } from '../models/booking-record.js';
import type { BookingChanges } from '../models/bookings.repo.js';
import { findClientInvoicing } from '../models/invoicing.repo.js';
import { validateConfirmation, validateReason } from '../validators/booking-actions.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { announce, type BookingEvent, type EventContext } from './booking-notifications.service.js';
import { canBeInvoiced } from './invoicing.service.js';

/**
 * The booking state machine (SPEC §4), the only place a booking's status changes:
 *
 *   pending   --confirm (provider; the client gave its invoicing data)--> confirmed   (optionally with a quoted total, which replaces the price)
 *   pending   --reject (provider, reason)-->          cancelled   (rejected_at)
 *   pending   --expire (worker, 48 h unanswered)-->   cancelled   (reason "scaduta")
 *   confirmed --cancel (client until 24 h before the start; provider until the start; reason)--> cancelled
 *   confirmed|in_progress --complete (provider, after the start)--> completed   (the platform's commission fixed with it)
 *   confirmed --no_show (provider, after the start)--> no_show
 *
 * Every change runs in one transaction holding the booking's row lock (SELECT … FOR UPDATE), so two
 * concurrent actions cannot both win; it stamps its timestamp and updated_at, and notifies the other
 * party in the app and by email in the same transaction.
 */

export type BookingAction = 'confirm' | 'reject' | 'cancel' | 'complete' | 'no_show';
export const BOOKING_ACTIONS: readonly BookingAction[] = ['confirm', 'reject', 'cancel', 'complete', 'no_show'];

/** A pending request nobody answered is cancelled after this long. */
export const REQUEST_EXPIRY_HOURS = 48;
/** Stored in cancellation_reason of an expired request (a code the pages show in words, not UI text). */
export const EXPIRED_REASON = 'scaduta';

export interface Actor {
  id: string;
  userType: UserType;
}

export interface Refusal {
  messageKey: string;
  vars?: Record<string, string | number>;
}

export interface RuleContext {
  now: Date;
  /** Hours before the start until which the client may cancel online (provider's policy, default 24). */
  cancellationHours: number;
  /** Whether the client said how it receives invoices: a booking is not confirmed before (issue 12). */
  clientInvoicing: boolean;
}

export type Role = 'client' | 'provider';

/** The actor's side of the booking, or null when it is not theirs (the booking "does not exist" for them). */
export function roleOf(booking: Pick<Booking, 'clientId' | 'providerId' | 'status'>, actor: Actor): Role | null {
  if (actor.userType === 'client' && booking.clientId === actor.id) return 'client';
  if (actor.userType === 'provider' && booking.providerId === actor.id && booking.status !== 'draft') return 'provider';
  return null;
}

/** The start of the service: the requested date and time in Europe/Rome. */
export function startOf(booking: Pick<Booking, 'requestedDate' | 'requestedTime'>): Date {
  return romeInstant(booking.requestedDate, booking.requestedTime.slice(0, 5));
}

/** Until when the client may cancel online. */
export function clientCancellationDeadline(booking: Pick<Booking, 'requestedDate' | 'requestedTime'>, hours: number): Date {
  return new Date(startOf(booking).getTime() - hours * 3_600_000);
}

const E = 'bookings:actions.errors';

/** Pure: why this actor may not do this to this booking now, or null when they may. */
export function refusalOf(action: BookingAction, booking: Booking, role: Role, ctx: RuleContext): Refusal | null {
  const status = t(`bookings:status.${booking.status}`);
  const started = ctx.now.getTime() >= startOf(booking).getTime();
  switch (action) {
    case 'confirm':
    case 'reject':
      if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
      if (booking.status !== 'pending') return { messageKey: `${E}.${action}NotPending`, vars: { status } };
      if (action === 'confirm' && !ctx.clientInvoicing) return { messageKey: `${E}.clientInvoicingMissing` };
      return null;
    case 'cancel':
      if (booking.status !== 'confirmed') return { messageKey: `${E}.cancelNotConfirmed`, vars: { status } };
      if (started) return { messageKey: `${E}.cancelStarted` };
      if (role === 'client' && ctx.now.getTime() > clientCancellationDeadline(booking, ctx.cancellationHours).getTime()) {
        return { messageKey: `${E}.cancelTooLate`, vars: { hours: ctx.cancellationHours } };
      }
      return null;
    case 'complete':
      if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
      if (booking.status !== 'confirmed' && booking.status !== 'in_progress') return { messageKey: `${E}.completeNotConfirmed`, vars: { status } };
      if (booking.status === 'confirmed' && !started) return { messageKey: `${E}.notStarted` };
      return null;
    case 'no_show':
      if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
      if (booking.status !== 'confirmed') return { messageKey: `${E}.noShowNotConfirmed`, vars: { status } };
      if (!started) return { messageKey: `${E}.notStarted` };
      return null;
  }
}

/** The actions the booking page offers this actor now (each one a form). */
export function availableActions(booking: Booking, actor: Actor, ctx: RuleContext): BookingAction[] {
  const role = roleOf(booking, actor);
  if (!role) return [];
  return BOOKING_ACTIONS.filter((a) => refusalOf(a, booking, role, ctx) === null);
}

export type ActionResult =
  | { ok: true; booking: Booking }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; refusal: Refusal }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

interface Planned {
  changes: BookingChanges;
  event: BookingEvent;
  context: EventContext;
}

type Plan = { ok: true; planned: Planned } | { ok: false; errors: FormErrors; values: Record<string, unknown> };

/** The change an allowed action makes, from the action's form (validated here: a reason, a quote). */
function plan(action: BookingAction, booking: Booking, role: Role, actor: Actor, input: unknown, now: Date): Plan {
  switch (action) {
    case 'confirm': {
      const form = validateConfirmation(input);
      if (!form.ok) return { ok: false, errors: form.errors, values: form.value };
      const quoted = form.value.quotedTotalCents;
      if (quoted === null || booking.bookingType === 'instant') {
        return { ok: true, planned: { changes: { status: 'confirmed', confirmedAt: now }, event: 'confirmed', context: {} } };
      }
      // The quote replaces the estimate's price (its parts would no longer add up to the total); the
      // estimate's total is kept to show what the quote replaced.
      const price = quotedPrice(quoted);
      return {
        ok: true,
        planned: {
          changes: {
            status: 'confirmed',
            confirmedAt: now,
            quotedAt: now,
            baseAmount: fromCents(price.baseAmountCents),
            additionalCosts: [],
            discountAmount: fromCents(price.discountAmountCents),
            taxAmount: fromCents(price.taxAmountCents),
            totalAmount: fromCents(price.totalAmountCents),
            estimatedTotalAmount: fromCents(booking.totalAmountCents),
          },
          event: 'quoted',
          context: { estimateCents: booking.totalAmountCents },
        },
      };
    }
    case 'reject':
    case 'cancel': {
      const form = validateReason(input);
      if (!form.ok) return { ok: false, errors: form.errors, values: form.value };
      const reason = form.value.reason;
      const changes: BookingChanges =
        action === 'reject'
          ? { status: 'cancelled', rejectionReason: reason, rejectedAt: now, cancelledAt: now, cancelledBy: actor.id }
          : { status: 'cancelled', cancellationReason: reason, cancelledAt: now, cancelledBy: actor.id };
      return { ok: true, planned: { changes, event: action === 'reject' ? 'rejected' : 'cancelled', context: { reason, by: role } } };
    }
    case 'complete': {
      // The commission is fixed with the completion, at the rate in force now, and never recomputed.
      const c = commissionOn(booking.totalAmountCents, booking.taxAmountCents);
      const changes: BookingChanges = {
        status: 'completed',
        completedAt: now,
        commissionRate: c.ratePercent.toFixed(2),
        commissionBaseAmount: fromCents(c.baseCents),
        commissionAmount: fromCents(c.commissionCents),
      };
      return { ok: true, planned: { changes, event: 'completed', context: {} } };
    }
    case 'no_show':
      return { ok: true, planned: { changes: { status: 'no_show', noShowAt: now }, event: 'no_show', context: {} } };
  }
}

/**
 * Performs an action on a booking for its client or provider. Not theirs (or unknown): not_found, nothing
 * changed. Not allowed now (a client confirming, cancelling twice, too late): refused with the reason.
 * A form that does not hold: invalid, with the messages beside the fields.
 */
export async function perform(
  action: BookingAction,
  bookingId: string,
  actor: Actor,
  input: unknown,
  now: Date = new Date(),
): Promise<ActionResult> {
  return transaction(async (trx) => {
    const booking = await bookings.lockForUpdate(bookingId, trx);
    const role = booking ? roleOf(booking, actor) : null;
    if (!booking || !role) return { ok: false, kind: 'not_found' };
    const cancellationHours = await bookings.findCancellationHours(booking.providerId, trx);
    // Only a confirmation needs to know (the other actions never ask): one query fewer for them.
    const clientInvoicing = action !== 'confirm' || canBeInvoiced(await findClientInvoicing(booking.clientId, trx));
    const refusal = refusalOf(action, booking, role, { now, cancellationHours, clientInvoicing });
    if (refusal) return { ok: false, kind: 'refused', refusal };
    const planned = plan(action, booking, role, actor, input, now);
    if (!planned.ok) return { ok: false, kind: 'invalid', errors: planned.errors, values: planned.values };
    const updated = await apply(booking, planned.planned, now, trx);
    if (action === 'complete') await bookings.incrementCompletedBookings(booking.providerId, trx);
    return { ok: true, booking: updated };
  });
}

async function apply(booking: Booking, planned: Planned, now: Date, trx: Trx): Promise<Booking> {
  const updated = await bookings.updateBooking(booking.id, planned.changes, now, trx);
  await announce(planned.event, updated, planned.context, trx);
  return updated;
}

/**
 * Cancels the pending requests nobody answered within 48 hours (or whose start has already passed):
 * status cancelled, reason "scaduta", both parties notified. Run by the worker every few minutes; safe
 * to run in several processes at once (each booking is locked and checked again). Returns how many expired.
 */
export async function expireUnansweredRequests(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_EXPIRY_HOURS * 3_600_000);
  let expired = 0;
  for (;;) {
    const ids = await bookings.listExpiredRequestIds(cutoff, now, 100);
    let changed = 0;
    for (const id of ids) {
      const done = await transaction(async (trx) => {
        const booking = await bookings.lockForUpdate(id, trx);
        if (!booking || booking.status !== 'pending') return false;
        if (booking.createdAt.getTime() > cutoff.getTime() && startOf(booking).getTime() > now.getTime()) return false;
        await apply(
          booking,
          { changes: { status: 'cancelled', cancellationReason: EXPIRED_REASON, cancelledAt: now }, event: 'expired', context: {} },
          now,
          trx,
        );
        return true;
      });
      if (done) changed += 1;
    }
    expired += changed;
    if (ids.length < 100 || changed === 0) return expired;
  }
}
