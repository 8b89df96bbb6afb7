import { columnsOf } from '../../db/columns.js';

// The invoices table (migration create_invoices): the platform's FatturaPA invoices and credit notes to
// providers, with the XML as issued and the key of its PDF copy in the storage.

export const INVOICE_KINDS = ['TD01', 'TD04'] as const;
/** TD01 invoice of the commission; TD04 credit note of the commission given back. */
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** One line as issued: the booking it is about and its amount without VAT. */
export interface InvoiceLine {
  bookingId: string;
  bookingNumber: string;
  service: string;
  /** 'YYYY-MM-DD' in Rome: the completion (invoice) or the refund's recording (credit note). */
  date: string;
  amountCents: number;
}

export interface Invoice {
  id: string;
  year: number;
  number: number;
  kind: InvoiceKind;
  providerId: string;
  /** 'YYYY-MM' */
  month: string;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  taxableCents: number;
  vatCents: number;
  totalCents: number;
  lines: InvoiceLine[];
  fileName: string;
  pdfKey: string;
  sdiStatus: 'pending' | 'sent';
  sentAt: Date | null;
  createdAt: Date;
}

export interface InvoiceRow {
  id: string;
  year: number;
  number: number;
  kind: InvoiceKind;
  provider_id: string;
  month: string;
  issued_on: string;
  taxable_cents: number;
  vat_cents: number;
  total_cents: number;
  lines: InvoiceLine[];
  file_name: string;
  xml: string;
  pdf_key: string;
  sdi_status: 'pending' | 'sent';
  sent_at: Date | null;
  created_at: Date;
}

export const INVOICE_COLUMNS = columnsOf<InvoiceRow>({
  id: 'text',
  year: 'number',
  number: 'number',
  kind: 'text',
  provider_id: 'text',
  month: 'text',
  issued_on: 'date',
  taxable_cents: 'number',
  vat_cents: 'number',
  total_cents: 'number',
  lines: 'json',
  file_name: 'text',
  xml: 'text',
  pdf_key: 'text',
  sdi_status: 'text',
  sent_at: 'timestamp',
  created_at: 'timestamp',
});

/** The columns of a listing: all but the XML itself. */
export const LISTED_COLUMNS = Object.keys(INVOICE_COLUMNS).filter((c) => c !== 'xml');

export function toInvoice(r: Omit<InvoiceRow, 'xml'>): Invoice {
  return {
    id: r.id,
    year: r.year,
    number: r.number,
    kind: r.kind,
    providerId: r.provider_id,
    month: r.month,
    issuedOn: r.issued_on,
    taxableCents: r.taxable_cents,
    vatCents: r.vat_cents,
    totalCents: r.total_cents,
    lines: r.lines,
    fileName: r.file_name,
    pdfKey: r.pdf_key,
    sdiStatus: r.sdi_status,
    sentAt: r.sent_at,
    createdAt: r.created_at,
  };
}
