/**
 * What happened to a booking, as its badge says it: the database keeps every closed booking as
 * status "cancelled", but a request the provider rejected is "Rifiutata", one nobody answered in time (or a
 * quote left to lapse) is "Scaduta", a quote the client declined or a request it withdrew say so, and only a
 * confirmed booking called off is "Cancellata". Pure: the cards, the booking page and the calendar use it.
 */

import type { BookingStatus } from './booking-status.js';

/** Stored in cancellation_reason of an expired request or quote (codes the pages show in words, not UI text). */
export const EXPIRED_REASON = 'scaduta';
export const QUOTE_EXPIRED_REASON = 'preventivo_scaduto';

export type Outcome =
  | 'awaiting_approval'
  | 'not_approved'
  | 'pending'
  | 'quoted'
  | 'confirmed'
  | 'in_progress'
  | 'completed'
  | 'no_show'
  | 'rejected'
  | 'expired'
  | 'quote_declined'
  | 'withdrawn'
  | 'cancelled';

export interface OutcomeSource {
  status: string;
  rejectedAt: Date | null;
  quoteDeclinedAt: Date | null;
  confirmedAt: Date | null;
  cancellationReason: string | null;
}

export function outcomeOf(b: OutcomeSource): Outcome {
  if (b.status !== 'cancelled') return b.status as Outcome;
  if (b.rejectedAt) return 'rejected';
  if (b.cancellationReason === EXPIRED_REASON || b.cancellationReason === QUOTE_EXPIRED_REASON) return 'expired';
  if (b.quoteDeclinedAt) return 'quote_declined';
  // Only a confirmed booking can be cancelled; closing a request or a quote before confirmation is a withdrawal.
  return b.confirmedAt ? 'cancelled' : 'withdrawn';
}

const LABEL_KEYS: Readonly<Record<Outcome, string>> = {
  awaiting_approval: 'bookings:status.awaiting_approval',
  not_approved: 'bookings:status.not_approved',
  pending: 'bookings:status.pending',
  quoted: 'bookings:status.quoted',
  confirmed: 'bookings:status.confirmed',
  in_progress: 'bookings:status.in_progress',
  completed: 'bookings:status.completed',
  no_show: 'bookings:status.no_show',
  rejected: 'prices:badges.rejected',
  expired: 'prices:badges.expired',
  quote_declined: 'prices:badges.quoteDeclined',
  withdrawn: 'prices:badges.withdrawn',
  cancelled: 'prices:badges.cancelled',
};

const BADGES: Readonly<Record<Outcome, string>> = {
  awaiting_approval: 'warning',
  not_approved: 'danger',
  pending: 'warning',
  quoted: 'quote',
  confirmed: 'success',
  in_progress: 'info',
  completed: 'info',
  no_show: 'danger',
  rejected: 'danger',
  expired: '',
  quote_declined: '',
  withdrawn: '',
  cancelled: 'danger',
};

/** Who reads the badge: the party of the booking whose page or list it is. */
export type Reader = 'client' | 'provider';

/** The provider's words where they differ: the quote the client received is the one the provider sent. */
const PROVIDER_LABEL_KEYS: Readonly<Partial<Record<Outcome, string>>> = {
  quoted: 'bookings:status.quotedSent',
};

/** A stored status (the analytics' and the open items' plain statuses), as its reader says it. */
export const statusLabelKey = (status: BookingStatus, reader: Reader): string =>
  (reader === 'provider' ? PROVIDER_LABEL_KEYS[status] : undefined) ?? `bookings:status.${status}`;

/** The locale key of the badge's text, as its reader says it. */
export const outcomeLabelKey = (o: Outcome, reader: Reader): string =>
  (reader === 'provider' ? PROVIDER_LABEL_KEYS[o] : undefined) ?? LABEL_KEYS[o];

/** The badge's modifier class (badge--<name>), '' for a plain badge. */
export const outcomeBadge = (o: Outcome): string => BADGES[o];

/**
 * Whether the booking is an appointment to put in a calendar: not when it was cancelled, rejected or
 * expired, nor while a quote waits for the client's answer.
 */
export const hasCalendarEvent = (o: Outcome): boolean =>
  o === 'pending' || o === 'confirmed' || o === 'in_progress' || o === 'completed' || o === 'no_show';
