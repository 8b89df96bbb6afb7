import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import { invoiceXml, type InvoiceCustomer, type InvoiceDocument } from '../documents/fatturapa/invoice-xml.js';
import { renderInvoicePdf } from '../documents/fatturapa/invoice-pdf.js';
import { assertValidFatturaXml } from '../documents/fatturapa/validate.js';
import { romeInstant, todayInRome } from '../lib/booking-time.js';
import { fileProgressive, invoiceNumber, vatCents } from '../lib/invoice-number.js';
import { isValidPartitaIva } from '../lib/italian-tax-ids.js';
import { NO_SDI_CODE } from '../lib/payment-options.js';
import { listCommissionLines } from '../models/bookings/commissions.js';
import { findIssued } from '../models/invoices/read.js';
import type { Invoice, InvoiceKind, InvoiceLine } from '../models/invoices/row.js';
import { findInvoiceParty, refundedCommissions, type InvoiceParty } from '../models/invoices/sources.js';
import { insertInvoice, lockCounter, setCounter } from '../models/invoices/write.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import { currentMonth, shiftMonth } from './commission-statements.service.js';
import { storage } from './storage.service.js';

export type { Invoice, InvoiceKind, InvoiceLine } from '../models/invoices/row.js';

/**
 * The platform's commission invoices (FatturaPA). For each provider and month: one invoice (TD01) of the
 * commission on the bookings completed in the month, the same lines and total as the month's statement, and
 * one credit note (TD04) of the commission given back by the refunds recorded in the month on bookings that
 * carry one. Each document is issued in one transaction that locks the year's counter, takes the next number,
 * checks the XML against the official schema and stores it with its PDF copy: two issuers never share a
 * number nor leave one unused, and a provider's month is issued once whoever asks (unique in the table too).
 */

/** Issued for each provider and month, in this order. */
export const INVOICE_KINDS_ISSUED: readonly InvoiceKind[] = ['TD01', 'TD04'];

/** Standard Italian VAT on the platform's services. */
export const VAT_RATE_PERCENT = 22;

export const MISSING_FIELDS = [
  'profile',
  'name',
  'vatNumber',
  'street',
  'postalCode',
  'city',
  'province',
  'country',
] as const;
export type MissingField = (typeof MISSING_FIELDS)[number];

const ITALY = new Set(['it', 'italia', 'italy']);

/** What the provider's profile lacks to be the customer of an invoice (none: it can be invoiced). */
export function missingFields(p: InvoiceParty | null): MissingField[] {
  if (!p) return ['profile'];
  const missing: MissingField[] = [];
  if (!p.name?.trim()) missing.push('name');
  if (!p.vatNumber || !isValidPartitaIva(p.vatNumber.trim())) missing.push('vatNumber');
  if (!p.street?.trim()) missing.push('street');
  if (!p.postalCode || !/^\d{5}$/.test(p.postalCode.trim())) missing.push('postalCode');
  if (!p.city?.trim()) missing.push('city');
  if (!p.province || !/^[A-Za-z]{2}$/.test(p.province.trim())) missing.push('province');
  if (!ITALY.has(p.country.trim().toLowerCase())) missing.push('country');
  return missing;
}

/**
 * The provider as the invoice's customer, as its profile says now: the document written from it is stored
 * as issued (the XML and its PDF copy), so a later change of the profile, its codice destinatario or PEC
 * included, never changes an invoice already issued.
 */
function customerOf(p: InvoiceParty): InvoiceCustomer {
  const fiscalCode = p.fiscalCode?.trim().toUpperCase() ?? '';
  const sdiCode = p.sdiCode?.trim().toUpperCase() ?? '';
  const pec = p.pec?.trim() ?? '';
  return {
    name: p.name!.trim(),
    vatNumber: p.vatNumber!.trim(),
    fiscalCode: /^[A-Z0-9]{11,16}$/.test(fiscalCode) ? fiscalCode : null,
    street: p.street!.trim(),
    postalCode: p.postalCode!.trim(),
    city: p.city!.trim(),
    province: p.province!.trim().toUpperCase(),
    // Checked again as the schema wants them, as the fiscal code is: the columns' own checks say as much.
    sdiCode: /^[A-Z0-9]{7}$/.test(sdiCode) && sdiCode !== NO_SDI_CODE ? sdiCode : null,
    pec: /^[!-~]+@[!-~]+$/.test(pec) ? pec : null,
  };
}

/** [from, to) of a month in Rome. */
export function monthBounds(month: string): { from: Date; to: Date } {
  return { from: romeInstant(`${month}-01`, '00:00'), to: romeInstant(`${shiftMonth(month, 1)}-01`, '00:00') };
}

/** The invoice's lines: the statement's, one per booking completed in the month with its commission. */
async function invoiceLines(providerId: string, month: string, trx: Trx): Promise<InvoiceLine[]> {
  const { from, to } = monthBounds(month);
  const lines = await listCommissionLines(providerId, from, to, trx);
  return lines.map((l) => ({
    bookingId: l.bookingId,
    bookingNumber: l.bookingNumber,
    service: l.listingTitle,
    date: todayInRome(l.completedAt),
    amountCents: l.commissionCents,
  }));
}

/** The commission a booking's refunds give back: its share of the amount refunded, never more than it. */
export function commissionGivenBack(commissionCents: number, totalCents: number, refundedCents: number): number {
  if (totalCents <= 0 || refundedCents <= 0) return 0;
  return Math.min(commissionCents, Math.round((commissionCents * refundedCents) / totalCents));
}

/**
 * The credit note's lines: per booking with refunds recorded in the month, what they give back of its
 * commission, counted as the share of all refunds up to the month's end less the share of those before it
 * (the notes of several months add up to the share of the whole refund, without a cent of drift).
 */
async function creditLines(providerId: string, month: string, trx: Trx): Promise<InvoiceLine[]> {
  const { from, to } = monthBounds(month);
  const refunded = await refundedCommissions(providerId, from, to, trx);
  return refunded
    .map((r) => ({
      bookingId: r.bookingId,
      bookingNumber: r.bookingNumber,
      service: r.service,
      date: todayInRome(r.lastRefundAt),
      amountCents:
        commissionGivenBack(r.commissionCents, r.totalAmountCents, r.refundedUntilCents) -
        commissionGivenBack(r.commissionCents, r.totalAmountCents, r.refundedBeforeCents),
    }))
    .filter((l) => l.amountCents > 0);
}

export type IssueOutcome =
  | { outcome: 'issued'; invoice: Invoice }
  | { outcome: 'exists' }
  | { outcome: 'nothing' }
  | { outcome: 'blocked'; missing: MissingField[] };

/** The SdI file name: the sender's country and code, and a progressive unique to it. */
const fileNameOf = (year: number, number: number): string =>
  `IT${config().invoicing.fiscalCode}_${fileProgressive(year, number)}.xml`;

/** Issues one provider's invoice (TD01) or credit note (TD04) of a month, unless it exists or is empty. */
export async function issueDocument(
  providerId: string,
  month: string,
  kind: InvoiceKind,
  options: { now?: Date; actor?: AuditActor | null } = {},
): Promise<IssueOutcome> {
  const now = options.now ?? new Date();
  if (await findIssued(providerId, month, kind)) return { outcome: 'exists' };
  const issuedOn = todayInRome(now);
  const year = Number(issuedOn.slice(0, 4));
  return transaction(async (trx): Promise<IssueOutcome> => {
    const last = await lockCounter(year, trx);
    // Checked again under the counter's lock: an issuer that got here first has committed by now.
    if (await findIssued(providerId, month, kind, trx)) return { outcome: 'exists' };
    const lines =
      kind === 'TD01' ? await invoiceLines(providerId, month, trx) : await creditLines(providerId, month, trx);
    if (lines.length === 0) return { outcome: 'nothing' };
    const party = await findInvoiceParty(providerId, trx);
    const missing = missingFields(party);
    if (missing.length > 0) return { outcome: 'blocked', missing };
    const number = last + 1;
    const taxableCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const vat = vatCents(taxableCents, VAT_RATE_PERCENT);
    const document: InvoiceDocument = {
      kind,
      number: invoiceNumber({ year, number }),
      issuedOn,
      month,
      progressive: fileProgressive(year, number),
      seller: config().invoicing,
      customer: customerOf(party!),
      lines,
      vatRatePercent: VAT_RATE_PERCENT,
      taxableCents,
      vatCents: vat,
      totalCents: taxableCents + vat,
    };
    const fileName = fileNameOf(year, number);
    const xml = invoiceXml(document);
    await assertValidFatturaXml(xml, fileName);
    const pdfKey = `invoices/${year}-${number}-${kind.toLowerCase()}.pdf`;
    await storage().put(pdfKey, await renderInvoicePdf(document));
    const invoice = await insertInvoice(
      {
        year,
        number,
        kind,
        provider_id: providerId,
        month,
        issued_on: issuedOn,
        taxable_cents: taxableCents,
        vat_cents: vat,
        total_cents: taxableCents + vat,
        lines,
        file_name: fileName,
        xml,
        pdf_key: pdfKey,
      },
      trx,
    );
    await setCounter(year, number, trx);
    if (options.actor) {
      await recordAudit(
        options.actor,
        {
          action: 'invoice.issue',
          subjectType: 'invoice',
          subjectId: invoice.id,
          before: null,
          after: { number: document.number, kind, providerId, month, totalCents: invoice.totalCents },
        },
        trx,
      );
    }
    return { outcome: 'issued', invoice };
  });
}

/** A month is closed (its invoices may be issued) once it is over in Rome. */
export const isClosedMonth = (month: string, now: Date = new Date()): boolean => month < currentMonth(now);
