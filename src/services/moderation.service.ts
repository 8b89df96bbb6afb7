import { transaction, type Trx } from '../db/knex.js';
import { authorNotice, authorPath, outcomeNotice } from '../documents/moderation.js';
import { itemPath, OWN_REPORTS_PATH, type ItemRef, type ReportOutcome } from '../lib/reports.js';
import { findItems, itemKey, lockItem, type ReportedItem } from '../models/reports/items.js';
import * as notifications from '../models/notifications/write.js';
import { addressesOf, queuePage, reportsOfItem, type QueueFilter } from '../models/reports/read.js';
import type { Report } from '../models/reports/row.js';
import { closeOpenReports, deleteHold, insertHold, setItemHidden } from '../models/reports/write.js';
import { recordAudit, searchAuditEvents, type AuditActor, type AuditEvent } from './audit.service.js';
import { queueEmails, type EmailRequest } from './mail.service.js';

export type { QueueEntry, QueueFilter, QueueState, NamedReport } from '../models/reports/read.js';
export type { ReportedItem };

/**
 * The team's decisions on reported items (the console's queue, and the command line's review:hide and
 * review:unhide): hide an item with a reason, show it again, or dismiss its reports. Each decision locks the
 * item, changes what every page shows of it, closes its open reports, writes the audit trail, and tells the
 * author (hidden or shown again, with the reason) and each reporter (the outcome), all in one transaction.
 */

export const QUEUE_PER_PAGE = 25;

export type ModerationAction = 'hide' | 'restore' | 'dismiss';

export type ModerationResult =
  { ok: true; item: ReportedItem; closed: number } | { ok: false; kind: 'not_found' | 'unchanged' };

/** A page of the queue, each entry with its item (an item since deleted has none). */
export async function moderationQueue(filter: QueueFilter, page: number) {
  const { entries, total } = await queuePage(filter, QUEUE_PER_PAGE, (page - 1) * QUEUE_PER_PAGE);
  const items = await findItems(entries);
  return { total, entries: entries.map((e) => ({ ...e, item: items.get(itemKey(e)) ?? null })) };
}

/** The item with its reports and the audit trail's record of what was decided on it; null when it is gone. */
export async function moderationDetail(ref: ItemRef) {
  const [item, reports, history] = await Promise.all([
    findItems([ref]).then((found) => found.get(itemKey(ref)) ?? null),
    reportsOfItem(ref),
    searchAuditEvents({ action: '', operator: '', subject: ref.id, from: null, to: null }, 50),
  ]);
  if (!item) return null;
  return { item, reports, history: history.events as AuditEvent[] };
}

const stamp = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** What a decision does to the item's reports: how they close, and each one's outcome. */
const CLOSING: Record<ModerationAction, { status: 'dismissed' | 'actioned'; outcome: (r: Report) => ReportOutcome }> = {
  hide: { status: 'actioned', outcome: () => 'hidden' },
  // The author's request after an edit is answered by showing it again; anyone else's report finds it kept.
  restore: { status: 'actioned', outcome: (r) => (r.reason === 'edited' ? 'restored' : 'kept') },
  dismiss: { status: 'dismissed', outcome: (r) => (r.reason === 'edited' ? 'still_hidden' : 'kept') },
};

/** Hides, shows again or dismisses the reports of an item for an operator (or the command line), with their reason. */
export function moderate(
  actor: AuditActor,
  ref: ItemRef,
  action: ModerationAction,
  reason: string,
  now: Date = new Date(),
): Promise<ModerationResult> {
  return transaction(async (trx): Promise<ModerationResult> => {
    const item = await lockItem(ref, trx);
    if (!item) return { ok: false, kind: 'not_found' };
    const before = { hiddenAt: stamp(item.hiddenAt), hidden: item.hidden };
    if ((action === 'hide' && item.hidden) || (action === 'restore' && !item.hidden)) {
      return { ok: false, kind: 'unchanged' };
    }
    if (action !== 'dismiss') {
      await setItemHidden(ref, action === 'hide', now, trx);
      if (action === 'hide') await insertHold(ref, reason, actor.operatorId, trx);
      else await deleteHold(ref, trx);
    }
    const closed = await closeOpenReports(ref, { ...CLOSING[action], operatorId: actor.operatorId }, trx);
    if (action === 'dismiss' && closed.length === 0) return { ok: false, kind: 'unchanged' };
    const hidden = action === 'dismiss' ? item.hidden : action === 'hide';
    const hiddenAt = action === 'hide' ? now : hidden ? item.hiddenAt : null;
    await recordAudit(
      actor,
      {
        action: `${ref.type}.${action}`,
        subjectType: ref.type,
        subjectId: ref.id,
        before: { ...before, openReports: closed.length },
        after: { hiddenAt: stamp(hiddenAt), hidden, openReports: 0 },
      },
      trx,
    );
    await tell(item, action, reason, closed, trx);
    return { ok: true, item: { ...item, hidden, hiddenAt }, closed: closed.length };
  });
}

/** The author's notice (hidden or shown again) and each reporter's outcome, in the app and by email. */
async function tell(item: ReportedItem, action: ModerationAction, reason: string, closed: Report[], trx: Trx) {
  // The author asking to look again after an edit is told as the author, not as a reporter.
  const reporters = closed.filter((r) => r.organisationId && !(action === 'restore' && r.reason === 'edited'));
  const { people, organisations } = await addressesOf(
    reporters.flatMap((r) => (r.reporterId ? [r.reporterId] : [])),
    [item.ownerId, ...reporters.flatMap((r) => (r.reporterId ? [] : [r.organisationId!]))],
    trx,
  );
  const emails: EmailRequest[] = [];
  if (action !== 'dismiss') {
    const text = authorNotice(item, action === 'hide', reason);
    const data =
      item.type === 'review' && item.bookingId
        ? { booking_id: item.bookingId }
        : item.threadId
          ? { thread_id: item.threadId }
          : {};
    await notifications.create({ userId: item.ownerId, type: 'system', ...text, data }, trx);
    const to = organisations.get(item.ownerId);
    const template = action === 'hide' ? 'moderation-hidden' : 'moderation-restored';
    if (to) emails.push({ to, template, data: { ...text, itemType: item.type, reason, link: authorPath(item) } });
  }
  for (const report of reporters) {
    const outcome = report.outcome!;
    const text = outcomeNotice(item, outcome, reason);
    // A message's outcome opens its conversation; a person's report, their list of reports ("Le mie
    // segnalazioni"); the author's own request after an edit is in no such list.
    const data =
      item.type === 'message' && item.threadId
        ? { thread_id: item.threadId }
        : report.reporterId
          ? { target: OWN_REPORTS_PATH }
          : {};
    await notifications.create({ userId: report.organisationId!, type: 'system', ...text, data }, trx);
    const to = report.reporterId ? people.get(report.reporterId) : organisations.get(report.organisationId!);
    const link = outcome === 'kept' ? itemPath(item) : outcome === 'still_hidden' ? authorPath(item) : OWN_REPORTS_PATH;
    if (to) emails.push({ to, template: 'report-outcome', data: { ...text, outcome, link } });
  }
  if (emails.length) await queueEmails(emails, trx);
}
