import { transaction } from '../db/knex.js';
import type { ItemRef } from '../lib/reports.js';
import { findItem, type ReportedItem } from '../models/reports/items.js';
import { hasOpenReport } from '../models/reports/read.js';
import { insertReport } from '../models/reports/write.js';
import { validateReport } from '../validators/report.validator.js';
import type { FormErrors } from '../validators/validate.js';

export type { ReportedItem };

/**
 * Reporting ("Segnala"): a signed-in person reports a review, a message, a service or a provider's page they
 * can see, with a reason and a note, once while their report is open. Nobody reports their own
 * organisation's content; what they cannot see (a hidden item, someone else's conversation) is not found.
 */

/** The person reporting and the organisation they act for. */
export interface Reporter {
  personId: string;
  organisationId: string;
}

export type ReportRefusal = 'own' | 'duplicate';

export type ReportTarget =
  | { ok: true; item: ReportedItem }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; refusal: ReportRefusal; item: ReportedItem };

export type ReportResult =
  | ReportTarget
  | { ok: false; kind: 'invalid'; item: ReportedItem; errors: FormErrors; values: Record<string, unknown> };

/** Whether the reporter sees the item now: shown, and a message only to its thread's two parties. */
function seenBy(item: ReportedItem, reporter: Reporter): boolean {
  if (!item.visible) return false;
  return item.type !== 'message' || (item.parties?.includes(reporter.organisationId) ?? false);
}

/** The item the person is about to report, or why they may not. */
export async function reportTarget(reporter: Reporter, ref: ItemRef): Promise<ReportTarget> {
  const item = await findItem(ref);
  if (!item || !seenBy(item, reporter)) return { ok: false, kind: 'not_found' };
  if (item.ownerId === reporter.organisationId) return { ok: false, kind: 'refused', refusal: 'own', item };
  if (await hasOpenReport(reporter.personId, ref)) return { ok: false, kind: 'refused', refusal: 'duplicate', item };
  return { ok: true, item };
}

/** Records the report; a second one while the first is open is refused as a duplicate. */
export async function submitReport(reporter: Reporter, ref: ItemRef, input: unknown): Promise<ReportResult> {
  const target = await reportTarget(reporter, ref);
  if (!target.ok) return target;
  const form = validateReport(input);
  if (!form.ok) return { ok: false, kind: 'invalid', item: target.item, errors: form.errors, values: form.value };
  const made = await transaction((trx) =>
    insertReport(
      { ...ref, reporterId: reporter.personId, organisationId: reporter.organisationId, ...form.value },
      trx,
    ),
  );
  return made ? target : { ok: false, kind: 'refused', refusal: 'duplicate', item: target.item };
}
