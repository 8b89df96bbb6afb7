import { addDays, todayInRome } from './booking-time.js';
import type { BookingStatus } from './booking-status.js';

// Disputes ("Segnala un problema"): their codes and the one rule of when a booking's party may open one.

export const DISPUTE_REASONS = ['not_delivered', 'not_as_described', 'refund_not_received', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = ['open', 'decided'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * What an operator decides: a refund owed to the client (an amount), partly upheld (a refund of part, or none),
 * or no action. A refund owed moves no money: the provider transfers it and records it as any refund.
 */
export const DECISION_KINDS = ['refund_owed', 'partial', 'no_action'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export type DisputeParty = 'client' | 'provider';

/** How long after the service a problem may still be reported: 60 days after its last day. */
export const DISPUTE_WINDOW_DAYS = 60;

/** An open dispute older than this many days is marked in the console's queue. */
export const DISPUTE_AGEING_DAYS = 7;

/**
 * The statuses a dispute may be opened in: a booking that was confirmed, whatever happened next (under way,
 * completed, no-show, or cancelled after its confirmation: a refund not received). Before a confirmation
 * (a request, a quote, an approval) there is no agreed service to dispute: the client withdraws instead.
 */
export const DISPUTABLE_STATUSES: readonly BookingStatus[] = [
  'confirmed',
  'in_progress',
  'completed',
  'no_show',
  'cancelled',
];

export interface DisputableBooking {
  status: BookingStatus;
  confirmedAt: Date | null;
  /** 'YYYY-MM-DD' */
  requestedDate: string;
  days: readonly { date: string }[];
}

/** The last day of the service ('YYYY-MM-DD'): the booking's day, or the last of its days. */
export function lastServiceDay(booking: Pick<DisputableBooking, 'requestedDate' | 'days'>): string {
  const last = booking.days.at(-1)?.date;
  return last && last > booking.requestedDate ? last : booking.requestedDate;
}

/** The window of a confirmed booking: from its confirmation to the last day it may be opened ('YYYY-MM-DD'). */
export function disputeWindow(booking: DisputableBooking): { from: Date; until: string } | null {
  if (!booking.confirmedAt) return null;
  return { from: booking.confirmedAt, until: addDays(lastServiceDay(booking), DISPUTE_WINDOW_DAYS) };
}

export type DisputeRefusal = 'not_confirmed' | 'window_closed';

/** Pure: why a party may not open a dispute on this booking now (an open one aside), or null when they may. */
export function disputeRefusal(booking: DisputableBooking, now: Date): DisputeRefusal | null {
  const window = disputeWindow(booking);
  if (!window || !DISPUTABLE_STATUSES.includes(booking.status)) return 'not_confirmed';
  return todayInRome(now) > window.until ? 'window_closed' : null;
}

/**
 * What a decision may still find owed, in cents: what the client paid (nothing before the provider recorded
 * the payment) less what is already owed back (a cancellation's refund, earlier decisions).
 */
export function refundableCents(booking: {
  paymentStatus: string;
  totalAmountCents: number;
  refundAmountCents: number | null;
  disputeRefundAmountCents: number;
}): number {
  if (booking.paymentStatus === 'pending') return 0;
  const owed = (booking.refundAmountCents ?? 0) + booking.disputeRefundAmountCents;
  return Math.max(0, booking.totalAmountCents - owed);
}

/** Whole days from `from` to `now` (0 on the first day). */
export function ageInDays(from: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - from.getTime()) / 86_400_000));
}
