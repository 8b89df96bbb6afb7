import PDFDocument from 'pdfkit';
import { t } from '../config/i18n.js';
import { drawable } from './attestato-pdf.js';

/**
 * "Scarica riepilogo pagamento" as a PDF the client keeps (A4, pdfkit's built-in Helvetica): the booking's
 * facts, its cost lines as the booking page shows them, the payment status and, while the payment is due,
 * how to pay (the provider's IBAN, the reference, the amount, the due date). Built from the same view as
 * the booking page's payment box (src/pages/payment-summary.page.ts).
 */

/**
 * What the sheet says, shaped by src/pages/payment-summary.page.ts from the payment summary service: the
 * booking's facts, its cost lines, the payment status and how to pay, as the booking page shows them.
 */
export interface PaymentSummarySheet {
  title: string;
  /** The downloaded file's name. */
  fileName: string;
  bookingNumber: string;
  issuedOn: string;
  facts: { label: string; value: string }[];
  costLines: { label: string; detail: string | null; amount: string; kind: string }[];
  statusLabel: string;
  paid: boolean;
  receivedNote: string | null;
  instructions: { label: string; value: string }[];
}

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#14719f';
const LABEL_WIDTH = 170;

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.x = MARGIN;
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(drawable(text));
  doc.moveDown(0.3);
}

/** A label on the left, its value on the right, as the page's definition lists. */
function row(doc: PDFKit.PDFDocument, label: string, value: string, bold = false): void {
  const width = doc.page.width - MARGIN * 2;
  const y = doc.y;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(drawable(label), MARGIN, y, { width: LABEL_WIDTH });
  const afterLabel = doc.y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(11)
    .fillColor(INK)
    .text(drawable(value), MARGIN + LABEL_WIDTH + 10, y, { width: width - LABEL_WIDTH - 10 });
  doc.y = Math.max(doc.y, afterLabel) + 4;
}

/** The PDF's bytes; `compress: false` leaves the page's text readable in the file (the tests read it). */
export async function renderPaymentSummaryPdf(
  s: PaymentSummarySheet,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: drawable(s.title), Author: t('app.name') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.rect(MARGIN, MARGIN - 16, width, 4).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(t('app.name'));
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(20).fillColor(INK).text(t('money:summary.title'));
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(INK)
    .text(drawable(t('bookings:show.number', { number: s.bookingNumber })));
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(drawable(s.issuedOn));
  doc.moveDown(0.8);
  for (const f of s.facts) row(doc, f.label, f.value);

  heading(doc, t('bookings:show.costs'));
  for (const line of s.costLines) {
    const label = line.detail ? `${line.label} (${line.detail})` : line.label;
    row(doc, label, line.amount, line.kind === 'total');
  }

  heading(doc, t('money:payment.title'));
  row(doc, t('money:payment.status'), s.statusLabel, true);
  if (s.receivedNote) row(doc, '', s.receivedNote);
  if (s.instructions.length) {
    doc.x = MARGIN;
    doc
      .moveDown(0.4)
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(drawable(t('money:payment.howToPayIntro')));
    doc.moveDown(0.4);
    for (const f of s.instructions) row(doc, f.label, f.value, f.label === t('money:payment.amount'));
  }
  doc.end();
  return done;
}
