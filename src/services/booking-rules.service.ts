import { romeInstant, romeLocal } from '../lib/booking-time.js';
import type { UserType } from '../lib/current-user.js';
import type { Booking } from '../models/bookings/booking.js';
import type { Role as MemberRole } from '../lib/permissions.js';
/**
 * The rules of the booking state machine (docs/product.md §4), pure: who may take which step from which status, and
 * why not. src/services/booking-lifecycle.service.ts takes the steps; the booking page offers exactly the
 * steps availableActions returns, so no status is a dead end for whoever may move it on.
 */

export type BookingAction =
  'confirm' | 'reject' | 'quote' | 'accept_quote' | 'decline_quote' | 'withdraw' | 'cancel' | 'complete' | 'no_show';
const BOOKING_ACTIONS: readonly BookingAction[] = [
  'confirm',
  'quote',
  'reject',
  'accept_quote',
  'decline_quote',
  'withdraw',
  'cancel',
  'complete',
  'no_show',
];

export interface Actor {
  id: string;
  userType: UserType;
  /** The person acting for the organisation and their role in it (approvals: booking-approvals.service.ts). */
  member?: { personId: string; role: MemberRole };
  /** A trainer acts only on the bookings assigned to them (their person id); null or absent: all. */
  assignedTo?: string | null;
}

/**
 * Why an action is refused: the key of its message and the values it names, as codes (`status` is the
 * booking's status, written out by the page that shows the refusal).
 */
export interface Refusal {
  messageKey: string;
  vars?: Record<string, string | number>;
}

export interface RuleContext {
  now: Date;
  /** Hours before the start until which the client may cancel online (provider's policy, default 24). */
  cancellationHours: number;
  /**
   * Whether the client said how it receives invoices: the provider does not confirm a request before (a client
   * accepting a quote gives them in the acceptance form instead).
   */
  clientInvoicing: boolean;
}

export type Role = 'client' | 'provider';

/** The actor's side of the booking, or null when it is not theirs (the booking "does not exist" for them). */
export function roleOf(booking: Pick<Booking, 'clientId' | 'providerId'>, actor: Actor): Role | null {
  if (actor.userType === 'client' && booking.clientId === actor.id) return 'client';
  if (actor.userType === 'provider' && booking.providerId === actor.id) return 'provider';
  return null;
}

/** The start of the service: the requested date and time in Europe/Rome. */
export function startOf(booking: Pick<Booking, 'requestedDate' | 'requestedTime'>): Date {
  return romeInstant(booking.requestedDate, booking.requestedTime.slice(0, 5));
}

/** Until when the client may cancel online. */
export function clientCancellationDeadline(
  booking: Pick<Booking, 'requestedDate' | 'requestedTime'>,
  hours: number,
): Date {
  return new Date(startOf(booking).getTime() - hours * 3_600_000);
}

/** A quote may be accepted up to and including its validity date (Europe/Rome). */
export function quoteLapsed(booking: Pick<Booking, 'quoteValidUntil'>, now: Date): boolean {
  return booking.quoteValidUntil !== null && booking.quoteValidUntil < romeLocal(now).date;
}

const E = 'bookings:actions.errors';

function providerStep(
  action: 'confirm' | 'reject' | 'quote',
  booking: Booking,
  role: Role,
  status: string,
): Refusal | null {
  if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
  if (booking.status !== 'pending') return { messageKey: `${E}.${action}NotPending`, vars: { status } };
  if (action === 'quote' && booking.bookingType !== 'on_request') return { messageKey: `${E}.quoteInstant` };
  return null;
}

function clientStep(
  action: 'accept_quote' | 'decline_quote' | 'withdraw',
  booking: Booking,
  role: Role,
  status: string,
  now: Date,
): Refusal | null {
  if (role !== 'client') return { messageKey: `${E}.clientOnly` };
  if (action === 'withdraw') {
    return booking.status === 'pending' || booking.status === 'quoted'
      ? null
      : { messageKey: `${E}.withdrawNotOpen`, vars: { status } };
  }
  if (booking.status !== 'quoted') return { messageKey: `${E}.quoteNotOpen`, vars: { status } };
  if (action === 'accept_quote' && quoteLapsed(booking, now)) return { messageKey: `${E}.quoteLapsed` };
  return null;
}

/** Pure: why this actor may not do this to this booking now, or null when they may. */
export function refusalOf(action: BookingAction, booking: Booking, role: Role, ctx: RuleContext): Refusal | null {
  const status = booking.status;
  const started = ctx.now.getTime() >= startOf(booking).getTime();
  switch (action) {
    case 'confirm':
    case 'reject':
    case 'quote': {
      const refusal = providerStep(action, booking, role, status);
      if (refusal || action !== 'confirm' || ctx.clientInvoicing) return refusal;
      return { messageKey: `${E}.clientInvoicingMissing` };
    }
    case 'accept_quote':
    case 'decline_quote':
    case 'withdraw':
      return clientStep(action, booking, role, status, ctx.now);
    case 'cancel':
      if (booking.status !== 'confirmed') return { messageKey: `${E}.cancelNotConfirmed`, vars: { status } };
      if (started) return { messageKey: `${E}.cancelStarted` };
      if (
        role === 'client' &&
        ctx.now.getTime() > clientCancellationDeadline(booking, ctx.cancellationHours).getTime()
      ) {
        return { messageKey: `${E}.cancelTooLate`, vars: { hours: ctx.cancellationHours } };
      }
      return null;
    case 'complete':
      if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
      if (booking.status !== 'confirmed' && booking.status !== 'in_progress')
        return { messageKey: `${E}.completeNotConfirmed`, vars: { status } };
      if (booking.status === 'confirmed' && !started) return { messageKey: `${E}.notStarted` };
      return null;
    case 'no_show':
      if (role !== 'provider') return { messageKey: `${E}.providerOnly` };
      if (booking.status !== 'confirmed' && booking.status !== 'in_progress')
        return { messageKey: `${E}.noShowNotConfirmed`, vars: { status } };
      if (booking.status === 'confirmed' && !started) return { messageKey: `${E}.notStarted` };
      return null;
  }
}

/** The actions the booking page offers this actor now (each one a form). */
export function availableActions(booking: Booking, actor: Actor, ctx: RuleContext): BookingAction[] {
  const role = roleOf(booking, actor);
  if (!role) return [];
  return BOOKING_ACTIONS.filter((a) => refusalOf(a, booking, role, ctx) === null);
}
