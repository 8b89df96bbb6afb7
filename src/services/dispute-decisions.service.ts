import { transaction } from '../db/knex.js';
import { refundableCents } from '../lib/disputes.js';
import { fromCents } from '../lib/money.js';
import * as bookings from '../models/bookings/read.js';
import { findParties, type Parties } from '../models/bookings/parties.js';
import { listRefunds, type BookingRefund } from '../models/bookings/refunds.js';
import { updateBooking } from '../models/bookings/write.js';
import type { Booking } from '../models/bookings/booking.js';
import * as disputes from '../models/disputes/read.js';
import type { NamedDisputeMessage } from '../models/disputes/read.js';
import { findBooking, listQueue, type QueueFilter, type QueueLine } from '../models/disputes/queue.js';
import type { Dispute } from '../models/disputes/row.js';
import { decide, insertMessage } from '../models/disputes/write.js';
import { validateDecision, validateDisputeMessage } from '../validators/dispute.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { recordAudit } from './audit.service.js';
import { recordOperatorStep } from './booking-events.service.js';
import { discardAttachment, openAttachment, storeAttachment } from './dispute-files.service.js';
import { announceDispute } from './dispute-notices.service.js';
import type { MessageInput, MessageResult } from './disputes.service.js';

export type { QueueFilter, QueueLine };

/**
 * The console's side of disputes: the queue (open ones first, the oldest first), a dispute with its booking,
 * payments and refunds, an operator's message, and the decision. A decision records a refund owed on the
 * booking (bookings.dispute_refund_amount) and moves no money: the provider transfers it and records it with
 * the booking's refund form, and until then it is on the provider's to-dos. Each operator's step writes the
 * audit trail in its own transaction, and tells both parties.
 */

export const DISPUTES_PER_PAGE = 25;

export async function disputeQueue(filter: QueueFilter, page: number) {
  const found = await listQueue(filter, DISPUTES_PER_PAGE, (page - 1) * DISPUTES_PER_PAGE);
  return { ...found, totalPages: Math.max(1, Math.ceil(found.total / DISPUTES_PER_PAGE)) };
}

export interface OperatorDispute {
  dispute: Dispute;
  booking: Booking;
  parties: Parties;
  refunds: BookingRefund[];
  messages: NamedDisputeMessage[];
  /** The name of the person who opened it. */
  openedBy: string | null;
  /** What a decision may still find owed, in cents. */
  refundableCents: number;
  /** The booking's other disputes, newest first. */
  others: Dispute[];
}

export async function disputeForOperator(id: string): Promise<OperatorDispute | null> {
  const dispute = await disputes.findById(id);
  const booking = dispute ? await findBooking(dispute.bookingId) : null;
  if (!dispute || !booking) return null;
  const [parties, refunds, messages, openedBy, all] = await Promise.all([
    findParties(booking.clientId, booking.providerId),
    listRefunds(booking.id),
    disputes.messagesOf([dispute.id]),
    disputes.memberName(dispute.openedByMember),
    disputes.listForBooking(booking.id),
  ]);
  return {
    dispute,
    booking,
    parties,
    refunds,
    messages,
    openedBy,
    refundableCents: refundableCents(booking),
    others: all.filter((d) => d.id !== dispute.id),
  };
}

/** An operator's message (with a file or not) in a dispute, open or decided; both parties are told. */
export async function postOperatorMessage(
  id: string,
  operatorId: string,
  input: MessageInput,
  now: Date = new Date(),
): Promise<MessageResult> {
  const form = validateDisputeMessage({ body: input.body });
  if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
  const stored = await storeAttachment(input.file);
  if (!stored.ok) return { ok: false, kind: 'rejected', reason: stored.reason };
  const { attachment } = stored;
  try {
    const result = await transaction(async (trx): Promise<MessageResult> => {
      // The booking's lock, as every step of a dispute takes it first.
      const dispute = await disputes.findById(id, trx);
      const booking = dispute ? await bookings.lockForUpdate(dispute.bookingId, trx) : null;
      if (!dispute || !booking) return { ok: false, kind: 'not_found' };
      const author = { disputeId: dispute.id, author: 'operator' as const, organisationId: null, memberId: operatorId };
      const message = await insertMessage({ ...author, body: form.value.body, attachment }, now, trx);
      await recordAudit(
        { operatorId, reason: form.value.body },
        {
          action: 'dispute.message',
          subjectType: 'dispute',
          subjectId: dispute.id,
          before: null,
          after: { messageId: message.id, attachment: attachment?.name ?? null },
        },
        trx,
      );
      await announceDispute('message', 'operator', booking, dispute, trx, attachment !== null);
      return { ok: true };
    });
    if (!result.ok) await discardAttachment(attachment);
    return result;
  } catch (err) {
    await discardAttachment(attachment);
    throw err;
  }
}

export type DecisionResult =
  | { ok: true; dispute: Dispute }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'already_decided' }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

/**
 * Records an operator's decision on an open dispute: the kind, the refund owed (at most what the client paid
 * and is not owed back already), the text both parties read. In one transaction holding the booking's and the
 * dispute's locks: the decision, the refund owed on the booking, the audit trail, the booking's step, notices.
 */
export async function decideDispute(
  id: string,
  operatorId: string,
  input: unknown,
  now: Date = new Date(),
): Promise<DecisionResult> {
  const found = await disputes.findById(id);
  if (!found) return { ok: false, kind: 'not_found' };
  return transaction(async (trx): Promise<DecisionResult> => {
    const booking = await bookings.lockForUpdate(found.bookingId, trx);
    const dispute = await disputes.lockForUpdate(found.id, trx);
    if (!booking || !dispute) return { ok: false, kind: 'not_found' };
    if (dispute.status !== 'open') return { ok: false, kind: 'already_decided' };
    const form = validateDecision(input, refundableCents(booking));
    if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
    const { kind, amountCents, text } = form.value;
    const decided = await decide(
      dispute.id,
      { kind, amount: amountCents === null ? null : fromCents(amountCents), text, operatorId },
      now,
      trx,
    );
    const owedBefore = booking.disputeRefundAmountCents;
    const updated = amountCents
      ? await updateBooking(booking.id, { disputeRefundAmount: fromCents(owedBefore + amountCents) }, now, trx)
      : booking;
    await recordAudit(
      { operatorId, reason: text },
      {
        action: 'dispute.decide',
        subjectType: 'dispute',
        subjectId: dispute.id,
        before: { status: 'open', bookingRefundOwedCents: owedBefore },
        after: {
          status: 'decided',
          kind,
          amountCents,
          bookingId: booking.id,
          bookingRefundOwedCents: updated.disputeRefundAmountCents,
        },
      },
      trx,
    );
    await recordOperatorStep(trx, booking.id, operatorId, 'dispute_decided', now);
    await announceDispute('decided', 'operator', booking, decided, trx);
    return { ok: true, dispute: decided };
  });
}

/** The file of a message of a dispute, for the console. */
export async function openOperatorFile(id: string, messageId: string) {
  const dispute = await disputes.findById(id);
  return dispute ? openAttachment(await disputes.findMessage([dispute.id], messageId)) : null;
}
