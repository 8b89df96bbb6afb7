import { columnsOf } from '../../db/columns.js';
import type { ItemType, ReportOutcome, ReportReason, ReportStatus } from '../../lib/reports.js';

// The reports and hidden_items tables (migration reports): what people reported, and what the team hid.

export interface ReportRow {
  id: string;
  reporter_id: string | null;
  organisation_id: string | null;
  item_type: ItemType;
  item_id: string;
  reason: ReportReason;
  note: string | null;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  closed_by: string | null;
  closed_at: Date | null;
  created_at: Date;
}

export const REPORT_COLUMNS = columnsOf<ReportRow>({
  id: 'text',
  reporter_id: 'text',
  organisation_id: 'text',
  item_type: 'text',
  item_id: 'text',
  reason: 'text',
  note: 'text',
  status: 'text',
  outcome: 'text',
  closed_by: 'text',
  closed_at: 'timestamp',
  created_at: 'timestamp',
});

export interface Report {
  id: string;
  /** The person who reported; null for the author's own request after an edit (or a person since erased). */
  reporterId: string | null;
  organisationId: string | null;
  itemType: ItemType;
  itemId: string;
  reason: ReportReason;
  note: string | null;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  closedAt: Date | null;
  createdAt: Date;
}

export const toReport = (r: ReportRow): Report => ({
  id: r.id,
  reporterId: r.reporter_id,
  organisationId: r.organisation_id,
  itemType: r.item_type,
  itemId: r.item_id,
  reason: r.reason,
  note: r.note,
  status: r.status,
  outcome: r.outcome,
  closedAt: r.closed_at,
  createdAt: r.created_at,
});

export interface HiddenItemRow {
  item_type: ItemType;
  item_id: string;
  reason: string;
  hidden_by: string | null;
  hidden_at: Date;
  edited_at: Date | null;
}

export const HIDDEN_ITEM_COLUMNS = columnsOf<HiddenItemRow>({
  item_type: 'text',
  item_id: 'text',
  reason: 'text',
  hidden_by: 'text',
  hidden_at: 'timestamp',
  edited_at: 'timestamp',
});

/** What the team hid, why (the author is told), and whether a review's author has used their one edit. */
export interface HiddenItem {
  reason: string;
  hiddenAt: Date;
  editedAt: Date | null;
}

export const toHiddenItem = (r: HiddenItemRow): HiddenItem => ({
  reason: r.reason,
  hiddenAt: r.hidden_at,
  editedAt: r.edited_at,
});
