import { buffer } from 'node:stream/consumers';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { transaction } from '../db/knex.js';
import {
  findInvoiceWithXml,
  listInvoicesOfMonth,
  listMonthFiles,
  listProviderInvoices,
  type ListedInvoice,
} from '../models/invoices/read.js';
import type { Invoice } from '../models/invoices/row.js';
import { findInvoiceParty, providersWithCommissions } from '../models/invoices/sources.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import {
  INVOICE_KINDS_ISSUED,
  isClosedMonth,
  issueDocument,
  missingFields,
  monthBounds,
  type MissingField,
} from './commission-invoices.service.js';
import { currentMonth, isMonth, shiftMonth } from './commission-statements.service.js';
import { storage } from './storage.service.js';

export type { ListedInvoice } from '../models/invoices/read.js';

/**
 * A month's invoicing as a whole: issuing every provider's documents (the job runner does it for the month
 * just ended; an operator may do it for any closed month), what the console lists (the documents and the
 * providers blocked by missing data), the downloads and the month's archive for the accountant.
 */

export interface BlockedProvider {
  providerId: string;
  name: string | null;
  missing: MissingField[];
}

export interface MonthRun {
  issued: Invoice[];
  blocked: BlockedProvider[];
}

/** Issues what is due for `month` (idempotent: documents already issued are left as they are). */
export async function issueMonth(
  month: string,
  options: { now?: Date; actor?: AuditActor | null } = {},
): Promise<MonthRun> {
  const { from, to } = monthBounds(month);
  const run: MonthRun = { issued: [], blocked: [] };
  for (const providerId of await providersWithCommissions(from, to)) {
    for (const kind of INVOICE_KINDS_ISSUED) {
      const result = await issueDocument(providerId, month, kind, options);
      if (result.outcome === 'issued') run.issued.push(result.invoice);
      if (result.outcome === 'blocked' && !run.blocked.some((b) => b.providerId === providerId)) {
        const party = await findInvoiceParty(providerId);
        run.blocked.push({ providerId, name: party?.name ?? null, missing: result.missing });
      }
    }
  }
  return run;
}

/** The job runner's task: the month just ended, once its commissions are final. */
export async function issuePreviousMonth(now: Date = new Date()): Promise<void> {
  await issueMonth(shiftMonth(currentMonth(now), -1), { now });
}

export type OperatorIssue = { ok: true; run: MonthRun } | { ok: false; reason: 'open_month' };

/** "Emetti le fatture del mese": an operator issues a closed month's documents; recorded in the audit trail. */
export async function issueMonthAsOperator(
  operatorId: string,
  month: string,
  reason: string,
  now: Date = new Date(),
): Promise<OperatorIssue> {
  if (!isMonth(month) || !isClosedMonth(month, now)) return { ok: false, reason: 'open_month' };
  const actor: AuditActor = { operatorId, reason };
  const run = await issueMonth(month, { now, actor });
  await transaction((trx) =>
    recordAudit(
      actor,
      {
        action: 'invoices.issue_month',
        subjectType: 'invoice_month',
        subjectId: month,
        before: null,
        after: {
          issued: run.issued.map((i) => `${i.number}/${i.year}`),
          blocked: run.blocked.map((b) => b.providerId),
        },
      },
      trx,
    ),
  );
  return { ok: true, run };
}

/** What the console shows of a month: its documents, and the providers with commissions but missing data. */
export async function operatorMonth(month: string): Promise<{ invoices: ListedInvoice[]; blocked: BlockedProvider[] }> {
  const invoices = await listInvoicesOfMonth(month);
  const invoiced = new Set(invoices.map((i) => i.providerId));
  const { from, to } = monthBounds(month);
  const blocked: BlockedProvider[] = [];
  for (const providerId of await providersWithCommissions(from, to)) {
    if (invoiced.has(providerId)) continue;
    const party = await findInvoiceParty(providerId);
    const missing = missingFields(party);
    if (missing.length > 0) blocked.push({ providerId, name: party?.name ?? null, missing });
  }
  return { invoices, blocked };
}

/** A provider's documents of a month, for its statement page. */
export function providerMonthInvoices(providerId: string, month: string): Promise<Invoice[]> {
  return listProviderInvoices(providerId, month);
}

export interface InvoiceFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const pdfName = (fileName: string): string => fileName.replace(/\.xml$/, '.pdf');

async function pdfBytes(key: string): Promise<Buffer> {
  const file = await storage().get(key);
  if (!file) throw new Error(`invoice PDF ${key} missing from the storage`);
  return buffer(file.body);
}

/**
 * One document's XML or PDF; null when there is none, or when `providerId` is given and it is another
 * provider's (the caller answers 404 alike).
 */
export async function invoiceFile(
  id: string,
  format: 'xml' | 'pdf',
  providerId: string | null,
): Promise<InvoiceFile | null> {
  const found = await findInvoiceWithXml(id);
  if (!found || (providerId !== null && found.invoice.providerId !== providerId)) return null;
  const { invoice, xml } = found;
  if (format === 'xml')
    return { fileName: invoice.fileName, contentType: 'application/xml', body: Buffer.from(xml, 'utf8') };
  return { fileName: pdfName(invoice.fileName), contentType: 'application/pdf', body: await pdfBytes(invoice.pdfKey) };
}

/** The month's archive for the accountant: every document's XML and its PDF copy (none: an empty archive). */
export async function monthArchive(month: string): Promise<Buffer> {
  const entries: Zippable = {};
  for (const f of await listMonthFiles(month)) {
    entries[f.fileName] = strToU8(f.xml);
    entries[`pdf/${pdfName(f.fileName)}`] = new Uint8Array(await pdfBytes(f.pdfKey));
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/** The closed month an operator sees first: the last one. */
export const lastClosedMonth = (now: Date = new Date()): string => shiftMonth(currentMonth(now), -1);
