import { names } from '../../db/columns.js';
import type { Trx } from '../../db/knex.js';
import type { DecisionKind, DisputeParty, DisputeReason } from '../../lib/disputes.js';
import {
  DISPUTE_COLUMNS,
  DISPUTE_MESSAGE_COLUMNS,
  toDispute,
  toDisputeMessage,
  type DisputeAttachment,
  type Dispute,
  type DisputeMessage,
  type DisputeMessageRow,
  type DisputeRow,
  type MessageAuthor,
} from './row.js';

// Writing disputes and their messages, in the transaction of the step (services/disputes.service.ts).

export interface NewDispute {
  bookingId: string;
  party: DisputeParty;
  organisationId: string;
  memberId: string | null;
  reason: DisputeReason;
  description: string;
}

/** A new open dispute, on a booking its caller locked and found without one (a unique index holds it too). */
export async function insertDispute(d: NewDispute, at: Date, trx: Trx): Promise<Dispute> {
  const [row] = await trx('disputes')
    .insert({
      booking_id: d.bookingId,
      opened_by_party: d.party,
      opened_by_organisation: d.organisationId,
      opened_by_member: d.memberId,
      reason: d.reason,
      description: d.description,
      created_at: at,
      updated_at: at,
    })
    .returning<DisputeRow[]>(names(DISPUTE_COLUMNS));
  return toDispute(row!);
}

export interface NewDisputeMessage {
  disputeId: string;
  author: MessageAuthor;
  organisationId: string | null;
  memberId: string | null;
  body: string;
  attachment: DisputeAttachment | null;
}

export async function insertMessage(m: NewDisputeMessage, at: Date, trx: Trx): Promise<DisputeMessage> {
  const [row] = await trx('dispute_messages')
    .insert({
      dispute_id: m.disputeId,
      author_kind: m.author,
      author_organisation: m.organisationId,
      author_member: m.memberId,
      body: m.body,
      attachment_name: m.attachment?.name ?? null,
      attachment_mime: m.attachment?.mimeType ?? null,
      attachment_size: m.attachment?.sizeBytes ?? null,
      attachment_key: m.attachment?.storageKey ?? null,
      created_at: at,
    })
    .returning<DisputeMessageRow[]>(names(DISPUTE_MESSAGE_COLUMNS));
  await trx('disputes').where({ id: m.disputeId }).update({ updated_at: at });
  return toDisputeMessage(row!);
}

export interface Decision {
  kind: DecisionKind;
  /** Euro, as a numeric string; null when the decision finds nothing owed. */
  amount: string | null;
  text: string;
  operatorId: string;
}

/** Records the decision of an open dispute (locked by the caller). */
export async function decide(id: string, decision: Decision, at: Date, trx: Trx): Promise<Dispute> {
  const [row] = await trx('disputes')
    .where({ id, status: 'open' })
    .update({
      status: 'decided',
      decision_kind: decision.kind,
      decision_amount: decision.amount,
      decision_text: decision.text,
      decided_by: decision.operatorId,
      decided_at: at,
      updated_at: at,
    })
    .returning<DisputeRow[]>(names(DISPUTE_COLUMNS));
  return toDispute(row!);
}
