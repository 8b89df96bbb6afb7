import { columnsOf } from '../../db/columns.js';
import type { DecisionKind, DisputeParty, DisputeReason, DisputeStatus } from '../../lib/disputes.js';
import { toCents } from '../../lib/money.js';

// The disputes and dispute_messages tables (migration 20261231000100): their rows, columns and mappers.

export interface Dispute {
  id: string;
  bookingId: string;
  openedByParty: DisputeParty;
  openedByOrganisation: string;
  openedByMember: string | null;
  reason: DisputeReason;
  description: string;
  status: DisputeStatus;
  decisionKind: DecisionKind | null;
  /** The refund the decision found owed, in cents; null when none. */
  decisionAmountCents: number | null;
  decisionText: string | null;
  /** The operator who decided (a person, users.id). */
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DisputeRow {
  id: string;
  booking_id: string;
  opened_by_party: DisputeParty;
  opened_by_organisation: string;
  opened_by_member: string | null;
  reason: DisputeReason;
  description: string;
  status: DisputeStatus;
  decision_kind: DecisionKind | null;
  decision_amount: string | null;
  decision_text: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const DISPUTE_COLUMNS = columnsOf<DisputeRow>({
  id: 'text',
  booking_id: 'text',
  opened_by_party: 'text',
  opened_by_organisation: 'text',
  opened_by_member: 'text',
  reason: 'text',
  description: 'text',
  status: 'text',
  decision_kind: 'text',
  decision_amount: 'numeric',
  decision_text: 'text',
  decided_by: 'text',
  decided_at: 'timestamp',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

export const toDispute = (r: DisputeRow): Dispute => ({
  id: r.id,
  bookingId: r.booking_id,
  openedByParty: r.opened_by_party,
  openedByOrganisation: r.opened_by_organisation,
  openedByMember: r.opened_by_member,
  reason: r.reason,
  description: r.description,
  status: r.status,
  decisionKind: r.decision_kind,
  decisionAmountCents: r.decision_amount === null ? null : toCents(r.decision_amount),
  decisionText: r.decision_text,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export type MessageAuthor = DisputeParty | 'operator';

/** A file of a dispute's message, stored under a random key (services/storage.service.ts). */
export interface DisputeAttachment {
  name: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

export interface DisputeMessage {
  id: string;
  disputeId: string;
  authorKind: MessageAuthor;
  authorOrganisation: string | null;
  authorMember: string | null;
  body: string;
  attachment: DisputeAttachment | null;
  createdAt: Date;
}

export interface DisputeMessageRow {
  id: string;
  dispute_id: string;
  author_kind: MessageAuthor;
  author_organisation: string | null;
  author_member: string | null;
  body: string;
  attachment_name: string | null;
  attachment_mime: string | null;
  attachment_size: number | null;
  attachment_key: string | null;
  created_at: Date;
}

export const DISPUTE_MESSAGE_COLUMNS = columnsOf<DisputeMessageRow>({
  id: 'text',
  dispute_id: 'text',
  author_kind: 'text',
  author_organisation: 'text',
  author_member: 'text',
  body: 'text',
  attachment_name: 'text',
  attachment_mime: 'text',
  attachment_size: 'number',
  attachment_key: 'text',
  created_at: 'timestamp',
});

export const toDisputeMessage = (r: DisputeMessageRow): DisputeMessage => ({
  id: r.id,
  disputeId: r.dispute_id,
  authorKind: r.author_kind,
  authorOrganisation: r.author_organisation,
  authorMember: r.author_member,
  body: r.body,
  attachment:
    r.attachment_key && r.attachment_name && r.attachment_mime
      ? {
          name: r.attachment_name,
          mimeType: r.attachment_mime,
          sizeBytes: Number(r.attachment_size ?? 0),
          storageKey: r.attachment_key,
        }
      : null,
  createdAt: r.created_at,
});
