import { t } from '../../config/i18n.js';
import type { Invoicing } from '../../config/invoicing.js';
import * as format from '../../lib/format.js';
import { latinText } from '../../lib/latin-text.js';
import { NO_SDI_CODE } from '../../lib/payment-options.js';
import { xmlAmount } from '../../lib/invoice-number.js';
import { el, optional, withAttributes, xmlDocument, type XmlElement } from './xml-writer.js';

/**
 * The FatturaPA XML (FPR12, schema 1.2.3) of one of the platform's commission invoices (TD01) or credit
 * notes (TD04) to a provider, written from the data the invoicing service hands over: one line per booking,
 * one VAT summary at the standard rate. Every value from a profile or a booking is made to fit its field
 * (latinText) and escaped by the writer.
 */

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** The provider as the customer (CessionarioCommittente), checked complete by the service. */
export interface InvoiceCustomer {
  name: string;
  vatNumber: string;
  fiscalCode: string | null;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  /** Its codice destinatario SDI (7 characters), null for none: the invoice then goes with 0000000. */
  sdiCode: string | null;
  /** Its PEC, used only without a code (the schema's PECDestinatario goes with 0000000 only). */
  pec: string | null;
}

export interface InvoiceDocument {
  kind: 'TD01' | 'TD04';
  /** '17/2026' */
  number: string;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  /** 'YYYY-MM': the month the commissions (or the refunds) belong to. */
  month: string;
  /** Unique per sender, up to 10 characters. */
  progressive: string;
  seller: Invoicing;
  customer: InvoiceCustomer;
  lines: { bookingNumber: string; service: string; date: string; amountCents: number }[];
  vatRatePercent: number;
  taxableCents: number;
  vatCents: number;
  totalCents: number;
}

/** 'ottobre 2026' from '2026-10'. */
export function monthWords(month: string): string {
  return format.date(`${month}-01`).replace(/^1\s/, '');
}

/**
 * Where the SdI delivers the document, as its XML says (DatiTrasmissione) and its PDF copy prints it: the
 * provider's codice destinatario when it gave one; otherwise NO_SDI_CODE, with its PEC when it gave one (the
 * schema's PECDestinatario goes with NO_SDI_CODE only); with neither, its Agenzia delle Entrate area.
 */
export function recipientOf(c: Pick<InvoiceCustomer, 'sdiCode' | 'pec'>): { code: string; pec: string | null } {
  return c.sdiCode === null ? { code: NO_SDI_CODE, pec: c.pec } : { code: c.sdiCode, pec: null };
}

const rate = (percent: number): string => `${percent.toFixed(2)}`;
const italianDate = (iso: string): string => iso.split('-').reverse().join('/');

function address(a: { street: string; postalCode: string; city: string; province: string }): XmlElement {
  return el(
    'Sede',
    el('Indirizzo', latinText(a.street, 60)),
    el('CAP', a.postalCode),
    el('Comune', latinText(a.city, 60)),
    el('Provincia', a.province),
    el('Nazione', 'IT'),
  );
}

function header(d: InvoiceDocument): XmlElement {
  const s = d.seller;
  const c = d.customer;
  const recipient = recipientOf(c);
  return el(
    'FatturaElettronicaHeader',
    el(
      'DatiTrasmissione',
      el('IdTrasmittente', el('IdPaese', 'IT'), el('IdCodice', s.fiscalCode)),
      el('ProgressivoInvio', d.progressive),
      el('FormatoTrasmissione', 'FPR12'),
      el('CodiceDestinatario', recipient.code),
      optional('PECDestinatario', recipient.pec),
    ),
    el(
      'CedentePrestatore',
      el(
        'DatiAnagrafici',
        el('IdFiscaleIVA', el('IdPaese', 'IT'), el('IdCodice', s.vatNumber)),
        el('CodiceFiscale', s.fiscalCode),
        el('Anagrafica', el('Denominazione', latinText(s.name, 80))),
        el('RegimeFiscale', s.taxRegime),
      ),
      address(s),
    ),
    el(
      'CessionarioCommittente',
      el(
        'DatiAnagrafici',
        el('IdFiscaleIVA', el('IdPaese', 'IT'), el('IdCodice', c.vatNumber)),
        optional('CodiceFiscale', c.fiscalCode),
        el('Anagrafica', el('Denominazione', latinText(c.name, 80))),
      ),
      address(c),
    ),
  );
}

function body(d: InvoiceDocument): XmlElement {
  const month = monthWords(d.month);
  const key = d.kind === 'TD01' ? 'invoice' : 'creditNote';
  return el(
    'FatturaElettronicaBody',
    el(
      'DatiGenerali',
      el(
        'DatiGeneraliDocumento',
        el('TipoDocumento', d.kind),
        el('Divisa', 'EUR'),
        el('Data', d.issuedOn),
        el('Numero', d.number),
        el('ImportoTotaleDocumento', xmlAmount(d.totalCents)),
        el('Causale', latinText(t(`invoices:xml.${key}.causale`, { month }), 200)),
      ),
    ),
    el(
      'DatiBeniServizi',
      ...d.lines.map((l, i) =>
        el(
          'DettaglioLinee',
          el('NumeroLinea', String(i + 1)),
          el(
            'Descrizione',
            latinText(
              t(`invoices:xml.${key}.line`, {
                number: l.bookingNumber,
                service: l.service,
                date: italianDate(l.date),
              }),
              1000,
            ),
          ),
          el('PrezzoUnitario', xmlAmount(l.amountCents)),
          el('PrezzoTotale', xmlAmount(l.amountCents)),
          el('AliquotaIVA', rate(d.vatRatePercent)),
        ),
      ),
      el(
        'DatiRiepilogo',
        el('AliquotaIVA', rate(d.vatRatePercent)),
        el('ImponibileImporto', xmlAmount(d.taxableCents)),
        el('Imposta', xmlAmount(d.vatCents)),
        el('EsigibilitaIVA', 'I'),
      ),
    ),
  );
}

export function invoiceXml(d: InvoiceDocument): string {
  const root = withAttributes(el('p:FatturaElettronica', header(d), body(d)), {
    versione: 'FPR12',
    'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
    'xmlns:p': FATTURAPA_NAMESPACE,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });
  return xmlDocument(root);
}
