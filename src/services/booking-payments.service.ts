import { transaction } from '../db/knex.js';
import { romeLocal } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import { fromCents } from '../lib/money.js';
import { updateBooking } from '../models/bookings/write.js';
import type { Booking } from '../models/bookings/booking.js';
import { insertRefund } from '../models/bookings/refunds.js';
import { validatePayment } from '../validators/booking-payment.validator.js';
import { validateRefund } from '../validators/booking-refund.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { announce } from './booking-notifications.service.js';
import { PAYABLE_STATUSES } from './payments/payments.js';
import { lockForActor, type Actor, type Refusal, type Role } from './booking-lifecycle.service.js';
import { recordStep } from './booking-events.service.js';

/**
 * A booking's payment status (docs/product.md §4) changes only here:
 *
 *   pending --record (provider of the booking; booking confirmed, in progress or completed, or cancelled after
 *                     its confirmation: the client may have paid before cancelling; date and method)--> completed
 *   completed|partially_refunded --refund (provider; the booking cancelled with a refund due that is not all
 *                     given back yet; amount up to what remains, date, bank reference)--> partially_refunded
 *                     (part of the refund due given back) | refunded (all of it)
 *
 * The client pays the provider directly (see payments/bank-transfer.ts), so only the provider can say the money
 * arrived. Like every change of a booking it runs in one transaction holding the booking's row lock: two
 * submissions of the form cannot both record a payment.
 */

const E = 'money:payment.errors';

/** Pure: why this party may not record the payment now, or null when they may. */
export function paymentRefusal(booking: Booking, role: Role): Refusal | null {
  if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
  if (!PAYABLE_STATUSES.includes(booking.status) && !refundDue(booking))
    return { messageKey: `${E}.notPayable`, vars: { status: booking.status } };
  if (booking.paymentStatus !== 'pending') {
    return booking.paidOn
      ? { messageKey: `${E}.alreadyRecorded`, vars: { date: format.date(booking.paidOn) } }
      : { messageKey: `${E}.alreadySettled` };
  }
  return null;
}

/**
 * A booking with something to give back: cancelled after its confirmation (its policy's refund, fixed then), or
 * found owing a refund by a dispute's decision (disputes: dispute-decisions.service.ts).
 */
export function refundDue(
  booking: Pick<Booking, 'status' | 'refundAmountCents' | 'disputeRefundAmountCents'>,
): boolean {
  return (
    (booking.status === 'cancelled' && (booking.refundAmountCents ?? 0) > 0) || booking.disputeRefundAmountCents > 0
  );
}

/** What is still to give back of the refund due (a cancellation's and the disputes'), in cents. */
export function refundRemainingCents(
  booking: Pick<Booking, 'refundAmountCents' | 'refundedAmountCents' | 'disputeRefundAmountCents'>,
): number {
  return Math.max(0, (booking.refundAmountCents ?? 0) + booking.disputeRefundAmountCents - booking.refundedAmountCents);
}

const R = 'money:refund.errors';

/** Pure: why this party may not record a refund now, or null when they may. */
export function refundRefusal(booking: Booking, role: Role): Refusal | null {
  if (role !== 'provider') return { messageKey: `${R}.providerOnly` };
  if (!refundDue(booking)) return { messageKey: `${R}.noneDue` };
  if (booking.paymentStatus === 'pending') return { messageKey: `${R}.notPaid` };
  if (refundRemainingCents(booking) === 0) return { messageKey: `${R}.alreadyRefunded` };
  return null;
}

export type PaymentResult =
  | { ok: true; booking: Booking }
  | { ok: false; kind: 'not_found' }
  /** The client of the booking: it may see the booking, not say its provider was paid. */
  | { ok: false; kind: 'forbidden'; refusal: Refusal }
  | { ok: false; kind: 'refused'; refusal: Refusal }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

/** Records "Pagamento ricevuto" on a booking for its provider; the client is told in the app and by email. */
export async function recordPayment(
  bookingId: string,
  actor: Actor,
  input: unknown,
  now: Date = new Date(),
): Promise<PaymentResult> {
  return transaction(async (trx) => {
    const locked = await lockForActor(bookingId, actor, trx);
    if (!locked) return { ok: false, kind: 'not_found' };
    const { booking, role } = locked;
    const refusal = paymentRefusal(booking, role);
    if (refusal) return { ok: false, kind: role === 'provider' ? 'refused' : 'forbidden', refusal };
    const form = validatePayment(input, { earliest: romeLocal(booking.createdAt).date, today: romeLocal(now).date });
    if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
    const updated = await updateBooking(
      booking.id,
      {
        paymentStatus: 'completed',
        paidOn: form.value.paidOn,
        paymentMethod: form.value.method,
        paymentRecordedAt: now,
      },
      now,
      trx,
    );
    await announce('paid', updated, {}, trx);
    await recordStep(trx, booking.id, actor, 'paid', now);
    return { ok: true, booking: updated };
  });
}

/**
 * Records a refund the provider made on a cancelled, paid booking: the refund's row and, on the booking, the
 * sum given back and its payment status (all of the refund due: refunded; part: partially_refunded). Both
 * parties are told in the app and by email.
 */
export async function recordRefund(
  bookingId: string,
  actor: Actor,
  input: unknown,
  now: Date = new Date(),
): Promise<PaymentResult> {
  return transaction(async (trx) => {
    const locked = await lockForActor(bookingId, actor, trx);
    if (!locked) return { ok: false, kind: 'not_found' };
    const { booking, role } = locked;
    const refusal = refundRefusal(booking, role);
    if (refusal) return { ok: false, kind: role === 'provider' ? 'refused' : 'forbidden', refusal };
    const remaining = refundRemainingCents(booking);
    const form = validateRefund(input, {
      remainingCents: remaining,
      earliest: romeLocal(booking.cancelledAt ?? booking.createdAt).date,
      today: romeLocal(now).date,
    });
    if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
    const { amountCents, refundedOn, reference } = form.value;
    await insertRefund(
      { bookingId: booking.id, amount: fromCents(amountCents), refundedOn, reference, recordedBy: actor.id },
      now,
      trx,
    );
    const refundedCents = booking.refundedAmountCents + amountCents;
    const updated = await updateBooking(
      booking.id,
      {
        refundedAmount: fromCents(refundedCents),
        paymentStatus: amountCents === remaining ? 'refunded' : 'partially_refunded',
      },
      now,
      trx,
    );
    await announce('refunded', updated, { refund: { amountCents, refundedOn, reference } }, trx);
    await recordStep(trx, booking.id, actor, 'refunded', now);
    return { ok: true, booking: updated };
  });
}
