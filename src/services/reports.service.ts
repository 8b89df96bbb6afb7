import { transaction } from '../db/knex.js';
import type { ItemRef } from '../lib/reports.js';
import { findItem, findItems, itemKey, type ReportedItem } from '../models/reports/items.js';
import { hasOpenReport, reportsByReporter } from '../models/reports/read.js';
import type { Report } from '../models/reports/row.js';
import { insertReport } from '../models/reports/write.js';
import { validateReport } from '../validators/report.validator.js';
import type { FormErrors } from '../validators/validate.js';

export type { Report, ReportedItem };

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

/** How many reports "Le mie segnalazioni" shows on a page. */
export const OWN_REPORTS_PER_PAGE = 25;

/** One of the person's reports, with its item as they may see it now: null when it is hidden from them or gone. */
export interface OwnReport {
  report: Report;
  item: ReportedItem | null;
}

export interface OwnReports {
  reports: OwnReport[];
  page: number;
  totalPages: number;
  total: number;
}

/**
 * The reports the person filed (whichever organisation they acted for), newest first, a page at a time; each
 * item only while the person may still see it from the organisation in use. A page past the end reads the last.
 */
export async function ownReports(reporter: Reporter, page: number): Promise<OwnReports> {
  const read = (p: number) =>
    reportsByReporter(reporter.personId, OWN_REPORTS_PER_PAGE, (p - 1) * OWN_REPORTS_PER_PAGE);
  const asked = Math.max(1, page);
  let found = await read(asked);
  const totalPages = Math.max(1, Math.ceil(found.total / OWN_REPORTS_PER_PAGE));
  const shown = Math.min(asked, totalPages);
  if (shown !== asked) found = await read(shown);
  const items = await findItems(found.reports.map((r) => ({ type: r.itemType, id: r.itemId })));
  return {
    reports: found.reports.map((report) => {
      const item = items.get(itemKey({ type: report.itemType, id: report.itemId })) ?? null;
      return { report, item: item && seenBy(item, reporter) ? item : null };
    }),
    page: shown,
    totalPages,
    total: found.total,
  };
}
