import PDFDocument from 'pdfkit';
import { t } from '../../config/i18n.js';
import * as format from '../../lib/format.js';
import { drawable } from '../attestato-pdf.js';
import { monthWords, recipientOf, type InvoiceDocument } from './invoice-xml.js';

/**
 * The PDF copy of an invoice or credit note (A4, pdfkit's Helvetica): the same data as its XML, laid out to
 * be read; it says it is a courtesy copy, the XML sent to the Sistema di Interscambio being the invoice.
 */

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#14719f';

function party(doc: PDFKit.PDFDocument, title: string, lines: string[], x: number, y: number, width: number): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(drawable(title), x, y, { width });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(drawable(line), x, doc.y, { width });
  return doc.y;
}

function amountRow(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false): void {
  const width = doc.page.width - MARGIN * 2;
  const y = doc.y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(drawable(label), MARGIN, y, { width: width - 120 });
  const after = doc.y;
  doc.text(drawable(amount), MARGIN + width - 110, y, { width: 110, align: 'right' });
  doc.y = Math.max(doc.y, after) + 3;
}

/** The PDF's bytes; `compress: false` leaves the text readable in the file (the tests read it). */
export async function renderInvoicePdf(d: InvoiceDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const key = d.kind === 'TD01' ? 'invoice' : 'creditNote';
  const title = t(`invoices:pdf.${key}Title`, { number: d.number });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: drawable(title), Author: drawable(d.seller.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  doc.rect(MARGIN, MARGIN - 16, width, 4).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(drawable(title), MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(drawable(t('invoices:pdf.issuedOn', { date: format.date(d.issuedOn) })))
    .text(drawable(t(`invoices:xml.${key}.causale`, { month: monthWords(d.month) })))
    .text(drawable(t('invoices:pdf.courtesy')));
  doc.moveDown(1);
  const top = doc.y;
  const half = (width - 20) / 2;
  const s = d.seller;
  const c = d.customer;
  const sellerEnd = party(
    doc,
    t('invoices:pdf.seller'),
    [s.name, `${s.street}, ${s.postalCode} ${s.city} (${s.province})`, t('invoices:pdf.vat', { vat: s.vatNumber })],
    MARGIN,
    top,
    half,
  );
  const customerLines = [c.name, `${c.street}, ${c.postalCode} ${c.city} (${c.province})`];
  customerLines.push(t('invoices:pdf.vat', { vat: c.vatNumber }));
  if (c.fiscalCode) customerLines.push(t('invoices:pdf.fiscalCode', { code: c.fiscalCode }));
  // Where the SdI delivers it, as the XML says: the code (NO_SDI_CODE for none), and the PEC that goes with it.
  const recipient = recipientOf(c);
  customerLines.push(t('invoices:pdf.recipientCode', { code: recipient.code }));
  if (recipient.pec) customerLines.push(t('invoices:pdf.recipientPec', { pec: recipient.pec }));
  const customerEnd = party(doc, t('invoices:pdf.customer'), customerLines, MARGIN + half + 20, top, half);
  doc.y = Math.max(sellerEnd, customerEnd) + 16;
  doc.x = MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(drawable(t('invoices:pdf.lines')), MARGIN);
  doc.moveDown(0.4);
  for (const l of d.lines) {
    const label = t(`invoices:xml.${key}.line`, {
      number: l.bookingNumber,
      service: l.service,
      date: format.date(l.date),
    });
    amountRow(doc, label, format.euro(l.amountCents));
  }
  doc.moveDown(0.6);
  amountRow(doc, t('invoices:pdf.taxable'), format.euro(d.taxableCents));
  amountRow(doc, t('invoices:pdf.vatAmount', { rate: d.vatRatePercent }), format.euro(d.vatCents));
  amountRow(doc, t('invoices:pdf.total'), format.euro(d.totalCents), true);
  doc.end();
  return done;
}
