import { names } from '../../db/columns.js';
import type { Trx } from '../../db/knex.js';
import type { ItemRef, ItemType, ReportOutcome, ReportReason } from '../../lib/reports.js';
import { REPORT_COLUMNS, toReport, type Report, type ReportRow } from './row.js';

// Writing reports, the team's holds (hidden_items) and each item's own visibility.

export interface NewReport extends ItemRef {
  reporterId: string | null;
  organisationId: string;
  reason: ReportReason;
  note: string | null;
}

/** Stores an open report; null when this person already has one open on the item (the partial unique index). */
export async function insertReport(report: NewReport, trx: Trx): Promise<Report | null> {
  const rows = await trx('reports')
    .insert({
      reporter_id: report.reporterId,
      organisation_id: report.organisationId,
      item_type: report.type,
      item_id: report.id,
      reason: report.reason,
      note: report.note,
    })
    .onConflict(trx.raw(`(reporter_id, item_type, item_id) WHERE status = 'open'`))
    .ignore()
    .returning<ReportRow[]>(names(REPORT_COLUMNS));
  return rows[0] ? toReport(rows[0]) : null;
}

/** Closes the item's open reports with their outcome; the reports closed. */
export async function closeOpenReports(
  ref: ItemRef,
  close: { status: 'dismissed' | 'actioned'; outcome: (report: Report) => ReportOutcome; operatorId: string | null },
  trx: Trx,
): Promise<Report[]> {
  const open = (
    await trx('reports')
      .where({ item_type: ref.type, item_id: ref.id, status: 'open' })
      .forUpdate()
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select<ReportRow[]>(names(REPORT_COLUMNS))
  ).map(toReport);
  const closedAt = new Date();
  for (const report of open) {
    await trx('reports')
      .where({ id: report.id })
      .update({
        status: close.status,
        outcome: close.outcome(report),
        closed_by: close.operatorId,
        closed_at: closedAt,
      });
  }
  return open.map((r) => ({ ...r, status: close.status, outcome: close.outcome(r), closedAt }));
}

/** The team's hold on an item, with the reason its author is told (a second hiding keeps the first). */
export async function insertHold(ref: ItemRef, reason: string, operatorId: string | null, trx: Trx): Promise<void> {
  await trx('hidden_items')
    .insert({ item_type: ref.type, item_id: ref.id, reason, hidden_by: operatorId })
    .onConflict(['item_type', 'item_id'])
    .merge({ reason, hidden_by: operatorId, hidden_at: trx.fn.now(), edited_at: null });
}

export async function deleteHold(ref: ItemRef, trx: Trx): Promise<void> {
  await trx('hidden_items').where({ item_type: ref.type, item_id: ref.id }).delete();
}

/** A review's author used their one edit while it is hidden. */
export async function markHoldEdited(ref: ItemRef, at: Date, trx: Trx): Promise<void> {
  await trx('hidden_items').where({ item_type: ref.type, item_id: ref.id }).update({ edited_at: at });
}

/**
 * The item's own visibility, which every page reads: a review's and a message's hidden_at; a service's
 * `active` (search, its page, its counters); a provider's `active`, which a suspension also clears (shown
 * again only when its organisation is not suspended).
 */
export async function setItemHidden(ref: ItemRef, hidden: boolean, at: Date, trx: Trx): Promise<void> {
  const byType: Record<ItemType, () => Promise<unknown>> = {
    review: () =>
      trx('reviews')
        .where({ id: ref.id })
        .update({ hidden_at: hidden ? at : null, updated_at: at }),
    message: () =>
      trx('messages')
        .where({ id: ref.id })
        .update({ hidden_at: hidden ? at : null }),
    listing: () => trx('services').where({ id: ref.id }).update({ active: !hidden, updated_at: at }),
    provider: () =>
      trx('provider_profiles')
        .where({ user_id: ref.id })
        .update({
          active: hidden
            ? false
            : trx.raw('NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = ? AND o.suspended_at IS NOT NULL)', [
                ref.id,
              ]),
          updated_at: at,
        }),
  };
  await byType[ref.type]();
}
