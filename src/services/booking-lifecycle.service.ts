import { transaction, type Trx } from '../db/knex.js';
import { todayInRome } from '../lib/booking-time.js';
import { EXPIRED_REASON, QUOTE_EXPIRED_REASON } from '../lib/booking-outcome.js';
import { commissionOn } from '../lib/commission.js';
import { fromCents } from '../lib/money.js';
import { quotedPrice, refundOf } from '../lib/pricing.js';
import * as bookings from '../models/bookings/read.js';
import { updateBooking, type BookingChanges } from '../models/bookings/write.js';
import { findCancellationPolicy } from '../models/providers/read.js';
import { incrementCompletedBookings } from '../models/providers/write.js';
import type { Booking } from '../models/bookings/booking.js';
import { findClientInvoicing } from '../models/clients/read.js';
import { updateClientInvoicing } from '../models/clients/write.js';
import { asksReferent, validateAcceptance, type AcceptanceAnswers } from '../validators/quote-acceptance.validator.js';
import { validateQuote, validateReason, type QuoteForm } from '../validators/booking-actions.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { announce, type BookingEvent, type EventContext } from './booking-notifications.service.js';
import { releaseSeats } from './edition-seats.service.js';
import { findOpenApproval } from '../models/approvals.js';
import { approvalNeeded, requestApproval } from './booking-approvals.service.js';
import { canBeInvoiced } from './invoicing.service.js';
import { refusalOf, roleOf, type Actor, type BookingAction, type Refusal, type Role } from './booking-rules.service.js';
import { recordStep } from './booking-events.service.js';
export * from './booking-rules.service.js';

/**
 * The booking state machine (docs/product.md §4), the only place a booking's status changes (its rules, pure, are in
 * booking-rules.service.ts):
 *
 *   pending   --confirm (provider, at the estimate; the client gave its invoicing data)--> confirmed
 *   pending   --quote (provider: total, includes, valid until)--> quoted   (the price stays the estimate)
 *   pending   --reject (provider, reason)-->              cancelled   (rejected_at)
 *   pending   --expire (jobs, 48 h unanswered)-->         cancelled   (reason "scaduta")
 *   quoted    --accept_quote (client; its invoicing data and site referent if not given yet)--> confirmed
 *                     (the quoted total becomes the price)
 *   quoted    --decline_quote (client, reason)-->         cancelled   (quote_declined_at)
 *   quoted    --expire (jobs, after its validity date)--> cancelled (reason "preventivo_scaduto")
 *   pending|quoted --withdraw (client, reason: "Annulla richiesta")--> cancelled
 *   confirmed --cancel (client until the policy's hours before the start, refunded the policy's percentage;
 *                      provider until the start, refunded in full; reason)--> cancelled (refund fixed)
 *   confirmed --start (jobs, at the start: booking-timers.service.ts)--> in_progress   (started_at)
 *   confirmed|in_progress --complete (provider, after the start)--> completed
 *   confirmed|in_progress --no_show (provider, after the start)--> no_show
 *   awaiting_approval --approve|reject (a client administrator: decideApproval)--> pending|confirmed | not_approved
 *
 * Every change runs in one transaction holding the booking's row lock (SELECT … FOR UPDATE), so two
 * concurrent actions cannot both win; it stamps its timestamp and updated_at, records the member who took
 * the step (booking-events.service.ts), and notifies the other party in the app and by email in the same
 * transaction.
 */

export { EXPIRED_REASON, QUOTE_EXPIRED_REASON };
export type ActionResult =
  | { ok: true; booking: Booking; awaitingApproval?: true }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; refusal: Refusal }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

export interface Planned {
  changes: BookingChanges;
  event: BookingEvent;
  context: EventContext;
}

const NO_ANSWERS = { ok: true, value: { invoicing: null, referent: null } } as const;

type Plan = { ok: true; planned: Planned } | { ok: false; errors: FormErrors; values: Record<string, unknown> };

const planned = (changes: BookingChanges, event: BookingEvent, context: EventContext = {}): Plan => ({
  ok: true,
  planned: { changes, event, context },
});

/**
 * What a quote changes on a pending booking, here and when a provider answers an inquiry thread with one
 * (inquiry-quotes.service.ts). The price stays the estimate until the client accepts: nobody is bound to a
 * total they did not accept.
 */
export function quoteChanges(booking: Pick<Booking, 'totalAmountCents'>, quote: QuoteForm, now: Date): BookingChanges {
  return {
    status: 'quoted',
    quotedAt: now,
    quoteTotalAmount: fromCents(quote.totalCents),
    quoteIncludes: quote.includes,
    quoteValidUntil: quote.validUntil,
    estimatedTotalAmount: fromCents(booking.totalAmountCents),
  };
}

function planQuote(booking: Booking, input: unknown, now: Date): Plan {
  const form = validateQuote(input, todayInRome(now), booking.requestedDate);
  if (!form.ok) return { ok: false, errors: form.errors, values: form.value };
  return planned(quoteChanges(booking, form.value, now), 'quoted', { estimateCents: booking.totalAmountCents });
}

/**
 * Accepting: the quote replaces the estimate's price (its parts would no longer add up to the total). The form
 * carries what the client had not given yet: its invoicing data (saved to its profile by perform) and the
 * referent at its site.
 */
function planAcceptance(booking: Booking, answers: AcceptanceAnswers, now: Date): Plan {
  const r = answers.referent;
  const price = quotedPrice(booking.quoteTotalAmountCents ?? booking.totalAmountCents);
  const changes: BookingChanges = {
    status: 'confirmed',
    confirmedAt: now,
    baseAmount: fromCents(price.baseAmountCents),
    additionalCosts: [],
    discountAmount: fromCents(price.discountAmountCents),
    taxAmount: fromCents(price.taxAmountCents),
    totalAmount: fromCents(price.totalAmountCents),
    ...(r ? { referentName: r.name, referentRole: r.role, referentEmail: r.email, referentPhone: r.phone } : {}),
  };
  return planned(changes, 'quote_accepted', {
    estimateCents: booking.estimatedTotalAmountCents ?? booking.totalAmountCents,
  });
}

function planWithReason(
  action: 'reject' | 'cancel' | 'decline_quote' | 'withdraw',
  role: Role,
  actor: Actor,
  input: unknown,
  now: Date,
): Plan {
  const form = validateReason(input);
  if (!form.ok) return { ok: false, errors: form.errors, values: form.value };
  const reason = form.value.reason;
  const closed = { status: 'cancelled', cancelledAt: now, cancelledBy: actor.id } as const;
  switch (action) {
    case 'reject':
      return planned({ ...closed, rejectionReason: reason, rejectedAt: now }, 'rejected', { reason });
    case 'decline_quote':
      return planned({ ...closed, quoteDeclineReason: reason, quoteDeclinedAt: now }, 'quote_declined', { reason });
    case 'withdraw':
      return planned({ ...closed, cancellationReason: reason }, 'withdrawn', { reason });
    case 'cancel':
      return planned({ ...closed, cancellationReason: reason }, 'cancelled', { reason, by: role });
  }
}

/**
 * A cancellation fixes its refund: the provider's policy percentage when the client cancels (only possible
 * before the policy's deadline), all of it when the provider does (the terms, §cancellazioni).
 */
function withRefund(result: Plan, booking: Booking, role: Role, policyPercent: number): Plan {
  if (!result.ok) return result;
  const percent = role === 'provider' ? 100 : policyPercent;
  const refundCents = refundOf(booking.totalAmountCents, percent);
  return planned(
    { ...result.planned.changes, refundPercentage: percent, refundAmount: fromCents(refundCents) },
    result.planned.event,
    result.planned.context,
  );
}

/** The change an allowed action makes, from the action's form (validated here: a reason, a quote). */
function plan(
  action: BookingAction,
  booking: Booking,
  role: Role,
  actor: Actor,
  input: unknown,
  now: Date,
  refundPercent: number,
  answers: AcceptanceAnswers,
): Plan {
  switch (action) {
    case 'confirm':
      return planned({ status: 'confirmed', confirmedAt: now }, 'confirmed');
    case 'quote':
      return planQuote(booking, input, now);
    case 'accept_quote':
      return planAcceptance(booking, answers, now);
    case 'cancel':
      return withRefund(planWithReason(action, role, actor, input, now), booking, role, refundPercent);
    case 'reject':
    case 'decline_quote':
    case 'withdraw':
      return planWithReason(action, role, actor, input, now);
    case 'complete': {
      // The commission is fixed with the completion, at the rate in force now, and never recomputed.
      const c = commissionOn(booking.totalAmountCents, booking.taxAmountCents);
      return planned(
        {
          status: 'completed',
          completedAt: now,
          commissionRate: c.ratePercent.toFixed(2),
          commissionBaseAmount: fromCents(c.baseCents),
          commissionAmount: fromCents(c.commissionCents),
        },
        'completed',
      );
    }
    case 'no_show':
      return planned({ status: 'no_show', noShowAt: now }, 'no_show');
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
    const locked = await lockForActor(bookingId, actor, trx);
    if (!locked) return { ok: false, kind: 'not_found' };
    return performLocked(action, locked.booking, locked.role, actor, input, now, trx);
  });
}

/** perform, on a booking its caller locked in `trx` (an administrator's approval of a quote's acceptance, too). */
export async function performLocked(
  action: BookingAction,
  booking: Booking,
  role: Role,
  actor: Actor,
  input: unknown,
  now: Date,
  trx: Trx,
): Promise<ActionResult> {
  const policy = await findCancellationPolicy(booking.providerId, trx);
  const cancellationHours = policy.hoursBefore;
  // Only a confirmation needs to know (the other actions never ask): one query fewer for them.
  const needsInvoicing = action === 'confirm' || action === 'accept_quote';
  const clientInvoicing = !needsInvoicing || canBeInvoiced(await findClientInvoicing(booking.clientId, trx));
  const refusal = refusalOf(action, booking, role, { now, cancellationHours, clientInvoicing });
  if (refusal) return { ok: false, kind: 'refused', refusal };
  const asks = { invoicing: !clientInvoicing, referent: asksReferent(booking) };
  const answers = action === 'accept_quote' ? validateAcceptance(input, asks) : NO_ANSWERS;
  if (!answers.ok) return { ok: false, kind: 'invalid', errors: answers.errors, values: answers.value };
  if (action === 'accept_quote') {
    // A member without the right to approve accepts for the organisation only once an administrator approves.
    if (await findOpenApproval(booking.id, trx)) return refused('approvals:errors.quoteWaiting');
    const total = booking.quoteTotalAmountCents ?? booking.totalAmountCents;
    if (await approvalNeeded(booking.clientId, actor.member, total, trx)) {
      const request = { kind: 'quote' as const, requestedBy: actor.member!.personId, acceptance: input };
      await requestApproval(booking, request, now, trx);
      return { ok: true, booking, awaitingApproval: true };
    }
  }
  const result = plan(action, booking, role, actor, input, now, policy.refundPercentage, answers.value);
  if (!result.ok) return { ok: false, kind: 'invalid', errors: result.errors, values: result.values };
  // The invoicing data given in the acceptance form go to the client's profile, as the Fatturazione tab saves them.
  if (answers.value.invoicing) await updateClientInvoicing(booking.clientId, answers.value.invoicing, trx);
  const updated = await apply(booking, result.planned, now, trx);
  if (action === 'complete') await incrementCompletedBookings(booking.providerId, trx);
  await recordStep(trx, booking.id, actor, STEP_OF[action], now);
  return { ok: true, booking: updated };
}

export const refused = (messageKey: string): ActionResult => ({ ok: false, kind: 'refused', refusal: { messageKey } });

const STEP_OF = {
  confirm: 'confirmed',
  quote: 'quoted',
  accept_quote: 'quote_accepted',
  decline_quote: 'quote_declined',
  withdraw: 'withdrawn',
  reject: 'rejected',
  cancel: 'cancelled',
  complete: 'completed',
  no_show: 'no_show',
} as const satisfies Record<BookingAction, BookingEvent>;

/**
 * Locks a booking for a step of one of its parties: null when it is not theirs, or (a trainer) not assigned
 * to them; every step of a member on a booking starts here.
 */
export async function lockForActor(
  bookingId: string,
  actor: Actor,
  trx: Trx,
): Promise<{ booking: Booking; role: Role } | null> {
  const booking = await bookings.lockForUpdate(bookingId, trx);
  const role = booking ? roleOf(booking, actor) : null;
  if (!booking || !role) return null;
  if (actor.assignedTo && !(await bookings.findForViewer(booking.id, actor, trx))) return null;
  return { booking, role };
}

/** Writes a planned change of a locked booking, its seats and its notices (the worker's steps use it too). */
export async function apply(booking: Booking, planned: Planned, now: Date, trx: Trx): Promise<Booking> {
  const updated = await updateBooking(booking.id, planned.changes, now, trx);
  // Every way a booking ends before its course (rejected, cancelled, withdrawn, expired, quote declined or
  // lapsed) gives its edition's seats back in this same transaction.
  if (booking.editionId && booking.status !== 'cancelled' && planned.changes.status === 'cancelled') {
    await releaseSeats(booking.editionId, booking.participantsCount, trx);
  }
  await announce(planned.event, updated, planned.context, trx);
  return updated;
}
