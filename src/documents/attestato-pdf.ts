import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { NewAttestato } from '../models/attestati/row.js';
import { dateRange } from '../lib/date-range.js';
/**
 * The attestato as a PDF (A4, pdfkit's built-in Helvetica, whose WinAnsi encoding has the Italian accented
 * letters): what the 2025 Accordo Stato-Regioni (Rep. Atti 59/CSR, Part I §6) asks it to carry — the
 * training provider, the participant's name, surname and codice fiscale, the course type with its legal
 * reference and hours, the delivery mode, dates and place, the signatory — plus the verification code,
 * its link written out and as a QR code.
 */

export type AttestatoFacts = Omit<NewAttestato, 'fileKey'>;

/** The public page that confirms an attestato: what the QR code opens. */
export function verificationUrl(code: string): string {
  return `${config().baseUrl}/attestati/verifica/${code}`;
}

// Characters of WinAnsi (the built-in fonts' encoding) beyond Latin-1's printable ones.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (c: string): boolean => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/**
 * Text the built-in fonts can draw: a letter outside WinAnsi loses its accent (ș -> s, ő -> o) rather than
 * printing as garbage, anything else that cannot be drawn becomes "?", control characters go.
 */
const NO_DECOMPOSITION: Readonly<Record<string, string>> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

export function drawable(text: string): string {
  let out = '';
  for (const raw of text) {
    const c = NO_DECOMPOSITION[raw] ?? raw;
    if (printable(c)) out += c;
    else if (/\p{Cc}/u.test(c)) continue;
    else {
      const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(printable) ? bare : '?';
    }
  }
  return out;
}

const hoursLabel = (hours: number): string =>
  t('attestati:hours', {
    count: hours,
    hours: new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(hours),
  });

const P = 'attestati:pdf';
const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#14719f';

function label(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.9).font('Helvetica').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), { characterSpacing: 0.5 });
}

function value(doc: PDFKit.PDFDocument, text: string, size = 11, bold = false): void {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .fillColor(INK)
    .text(text);
}

/** The PDF's bytes; `compress: false` leaves the page's text readable in the file (the tests read it). */
export async function renderAttestatoPdf(a: AttestatoFacts, options: { compress?: boolean } = {}): Promise<Buffer> {
  const url = verificationUrl(a.code);
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: `${t(`${P}.title`)} ${a.code}`,
      Author: drawable(a.providerName),
      Subject: drawable(a.courseTitle),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.rect(MARGIN, MARGIN - 16, width, 4).fill(ACCENT);
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(t(`${P}.title`), { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(MUTED)
    .text(`${t(`training:kinds.${a.trainingKind}`)} · ${t(`training:scopes.${a.trainingScope}`)}`, { align: 'center' });

  label(doc, t(`${P}.provider`));
  value(doc, drawable(a.providerName), 12, true);
  const providerLines = [
    a.providerVatNumber ? t(`${P}.vatNumber`, { vat: a.providerVatNumber }) : null,
    a.providerAddress,
  ].filter((x): x is string => Boolean(x));
  if (providerLines.length) value(doc, drawable(providerLines.join(' · ')), 10);

  label(doc, t(`${P}.certifies`));
  value(doc, drawable(`${a.participantFirstName} ${a.participantLastName}`), 16, true);
  value(doc, t(`${P}.fiscalCode`, { code: a.participantFiscalCode }), 11);

  label(doc, t(`${P}.attended`));
  value(doc, drawable(a.courseTitle), 13, true);

  const rows: [string, string][] = [
    [t(`${P}.kind`), `${t(`training:kinds.${a.trainingKind}`)} (${t(`training:scopes.${a.trainingScope}`)})`],
    [t(`${P}.legalReference`), a.legalReference],
    [t(`${P}.hours`), hoursLabel(a.hours)],
    [t(`${P}.deliveryMode`), t(`training:deliveryModes.${a.deliveryMode}`)],
    [t(`${P}.dates`), dateRange(a.courseStart, a.courseEnd, t)],
    [t(`${P}.place`), drawable(a.place)],
  ];
  doc.moveDown(0.6);
  for (const [name, text] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(name, MARGIN, y, { width: 150 });
    const afterLabel = doc.y;
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(text, MARGIN + 160, y, { width: width - 160 });
    doc.y = Math.max(doc.y, afterLabel) + 4;
  }

  // Place and date of issue on the left; the signatory on the right, under a line for the signature.
  doc.x = MARGIN;
  doc.moveDown(1.5);
  const top = doc.y;
  const half = (width - 24) / 2;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(`${P}.issued`).toUpperCase(), MARGIN, top, { width: half });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(INK)
    .text(drawable(t(`${P}.issuedOn`, { place: a.place, date: format.date(a.issuedAt) })), MARGIN, doc.y + 2, {
      width: half,
    });
  const right = MARGIN + half + 24;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(`${P}.signatory`).toUpperCase(), right, top, { width: half });
  doc
    .moveTo(right, top + 44)
    .lineTo(right + half, top + 44)
    .lineWidth(0.5)
    .strokeColor('#9ca3af')
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(drawable(a.signatoryName), right, top + 50, { width: half });
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(drawable(a.signatoryRole), right, doc.y, { width: half });

  // The verification block at the foot of the page: the QR code and, beside it, the code and its link.
  const qrSize = 110;
  const foot = doc.page.height - MARGIN - qrSize - 30;
  doc
    .moveTo(MARGIN, foot - 12)
    .lineTo(MARGIN + width, foot - 12)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();
  doc.image(qr, MARGIN, foot, { width: qrSize, height: qrSize });
  const textX = MARGIN + qrSize + 16;
  const textWidth = width - qrSize - 16;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(`${P}.verificationCode`).toUpperCase(), textX, foot);
  doc
    .font('Courier-Bold')
    .fontSize(14)
    .fillColor(INK)
    .text(a.code, textX, doc.y + 2, { width: textWidth });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(`${P}.verifyAt`), textX, doc.y + 6, { width: textWidth });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(ACCENT)
    .text(url, textX, doc.y + 2, { width: textWidth, link: url });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(t(`${P}.keep`), MARGIN, foot + qrSize + 10, { width, align: 'center' });
  doc.end();
  return done;
}
