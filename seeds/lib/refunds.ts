import { fromCents } from '../../src/lib/money.js';
import { refundOf } from '../../src/lib/pricing.js';
import type { BookingPlan } from './booking-plans.js';
import type { Timeline } from './booking-timeline.js';
import type { Row } from './row.js';
import { addDays, workingDay, type Clock } from './clock.js';
import { uuidFor } from './random.js';

/**
 * The demo's cancelled paid bookings: confirmed and paid in advance, cancelled by the client, with the refund
 * the cancellation fixed (the policy's percentage) and the refunds the provider recorded so far, as
 * src/services/booking-payments.service.ts recordRefund stores them.
 */

/** A booking confirmed and paid in advance, cancelled by the client three days ago, ten days before its date. */
export function paidThenCancelled(instant: boolean, today: string): Timeline {
  const requestedDate = workingDay(addDays(today, 7));
  const createdDays = -20;
  return {
    requestedDate,
    createdDays,
    quotedDays: instant ? null : createdDays + 1,
    confirmedDays: instant ? createdDays : createdDays + 2,
    startedDays: null,
    completedDays: null,
    cancelledDays: -3,
    noShowDays: null,
  };
}

/** The refund due of a cancelled paid booking, in cents (src/lib/pricing.ts refundOf, as the cancellation fixes it). */
function refundDue(plan: BookingPlan, totalCents: number): number {
  return refundOf(totalCents, plan.refund?.percent ?? 0);
}

/** How a booking was paid and, for a cancelled paid one, what is due back and how much was given back. */
export function paymentColumns(plan: BookingPlan, tl: Timeline, totalCents: number, paid: boolean, clock: Clock): Row {
  const base: Row = {
    payment_status: paid ? 'completed' : 'pending',
    // A paid booking of the past was paid on its day; a cancelled one five days after its confirmation.
    paid_on: paid ? (plan.refund ? clock.day(tl.confirmedDays! + 5) : tl.requestedDate) : null,
    payment_method: paid ? 'bank_transfer' : null,
  };
  if (!plan.refund) return base;
  const due = refundDue(plan, totalCents);
  const recorded = Math.round(due * plan.refund.recordedShare);
  return {
    ...base,
    payment_recorded_at: clock.at(tl.confirmedDays! + 5, '12:00'),
    payment_status: recorded >= due ? 'refunded' : 'partially_refunded',
    refund_percentage: plan.refund.percent,
    refund_amount: fromCents(due),
    refunded_amount: fromCents(recorded),
  };
}

/** The refund the provider recorded (one bank transfer, the day after the cancellation). */
export function refundRow(
  plan: BookingPlan,
  bookingId: string,
  providerId: string,
  totalCents: number,
  tl: Timeline,
  clock: Clock,
): Row {
  const amount = Math.round(refundDue(plan, totalCents) * plan.refund!.recordedShare);
  return {
    id: uuidFor(`refund:${plan.key}`),
    booking_id: bookingId,
    amount: fromCents(amount),
    refunded_on: clock.day(tl.cancelledDays! + 1),
    reference: `CRO ${uuidFor(`refund-reference:${plan.key}`).replace(/\D/g, '').slice(0, 11).padEnd(11, '0')}`,
    recorded_by: providerId,
    created_at: clock.at(tl.cancelledDays! + 1, '15:10'),
  };
}
