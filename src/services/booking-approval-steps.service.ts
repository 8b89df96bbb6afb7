import { transaction } from '../db/knex.js';
import { canChange } from '../lib/permissions.js';
import { decideApprovalRequest, findOpenApproval } from '../models/approvals.js';
import * as bookings from '../models/bookings/read.js';
import { updateBooking } from '../models/bookings/write.js';
import { validateDecision } from '../validators/approvals.validator.js';
import { announceDecision, approvedChanges, refusedChanges } from './booking-approvals.service.js';
import { apply, performLocked, refused, roleOf, type ActionResult, type Actor } from './booking-lifecycle.service.js';
import { releaseSeats } from './edition-seats.service.js';

// The approval steps of the booking state machine (booking-lifecycle.service.ts), in its locked transaction.

/**
 * An administrator of the client decides on a booking waiting for approval (note required to reject):
 *   awaiting_approval --approve--> pending (a request) | confirmed (instant); the provider is told of a new booking
 *   awaiting_approval --reject--> not_approved (final; the provider never knew)
 *   quoted, its acceptance waiting --approve--> the acceptance as the member sent it (accept_quote)
 *   quoted, its acceptance waiting --reject--> cancelled, the quote declined with the note
 * The requester hears of it either way.
 */
export async function decideApproval(
  outcome: 'approve' | 'reject',
  bookingId: string,
  actor: Actor,
  input: unknown,
  now: Date = new Date(),
): Promise<ActionResult> {
  return transaction(async (trx): Promise<ActionResult> => {
    const booking = await bookings.lockForUpdate(bookingId, trx);
    if (!booking || roleOf(booking, actor) !== 'client') return { ok: false, kind: 'not_found' };
    if (!actor.member || !canChange({ userType: 'client', role: actor.member.role }, 'bookings.approve'))
      return refused('approvals:errors.adminOnly');
    const open = await findOpenApproval(booking.id, trx);
    const waiting = open?.kind === 'quote' ? 'quoted' : 'awaiting_approval';
    if (!open || booking.status !== waiting) return refused('approvals:errors.notWaiting');
    const form = validateDecision(outcome, input);
    if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
    const note = form.value.note;
    await decideApprovalRequest(
      open.id,
      { outcome: outcome === 'approve' ? 'approved' : 'rejected', by: actor.member.personId, note },
      now,
      trx,
    );
    let result: ActionResult;
    if (open.kind === 'quote') {
      const step = outcome === 'approve' ? 'accept_quote' : 'decline_quote';
      const body = outcome === 'approve' ? (open.acceptance ?? {}) : { reason: note };
      result = await performLocked(step, booking, 'client', { id: actor.id, userType: 'client' }, body, now, trx);
    } else if (outcome === 'approve') {
      const changes = approvedChanges(booking, now);
      result = { ok: true, booking: await apply(booking, { changes, event: 'created', context: {} }, now, trx) };
    } else {
      const updated = await updateBooking(booking.id, refusedChanges(actor.id, note!, now), now, trx);
      if (booking.editionId) await releaseSeats(booking.editionId, booking.participantsCount, trx);
      result = { ok: true, booking: updated };
    }
    // A step refused or invalid (a quote lapsed meanwhile) undoes the decision with the rest.
    if (!result.ok) throw new Undecided(result);
    await announceDecision(outcome, result.booking, open, note, trx);
    return result;
  }).catch((err: unknown): ActionResult => {
    if (err instanceof Undecided) return err.result;
    throw err;
  });
}

class Undecided extends Error {
  constructor(readonly result: ActionResult) {
    super('approval not decided');
  }
}
