import { db, type Trx } from '../../db/knex.js';
import { LISTED_COLUMNS, toInvoice, type Invoice, type InvoiceKind, type InvoiceRow } from './row.js';

type Listed = Omit<InvoiceRow, 'xml'>;

const listed = (alias?: string): string[] => (alias ? LISTED_COLUMNS.map((c) => `${alias}.${c}`) : LISTED_COLUMNS);

/** An invoice and its XML; null when there is none with this id. */
export async function findInvoiceWithXml(id: string, trx?: Trx): Promise<{ invoice: Invoice; xml: string } | null> {
  const row = await db(trx)('invoices')
    .where({ id })
    .first<(Listed & { xml: string }) | undefined>([...listed(), 'xml']);
  return row ? { invoice: toInvoice(row), xml: row.xml } : null;
}

/** The invoice (or credit note) of a provider's month, if it was issued. */
export async function findIssued(
  providerId: string,
  month: string,
  kind: InvoiceKind,
  trx?: Trx,
): Promise<Invoice | null> {
  const row = await db(trx)('invoices')
    .where({ provider_id: providerId, month, kind })
    .first<Listed | undefined>(listed());
  return row ? toInvoice(row) : null;
}

export type ListedInvoice = Invoice & { providerName: string | null };

/** A month's invoices and credit notes of every provider, in the order of their numbers. */
export async function listInvoicesOfMonth(month: string, trx?: Trx): Promise<ListedInvoice[]> {
  const rows = await db(trx)('invoices as i')
    .leftJoin('provider_profiles as pp', 'pp.user_id', 'i.provider_id')
    .where('i.month', month)
    .orderBy([{ column: 'i.year' }, { column: 'i.number' }])
    .select<(Listed & { provider_name: string | null })[]>([...listed('i'), 'pp.business_name as provider_name']);
  return rows.map((r) => ({ ...toInvoice(r), providerName: r.provider_name }));
}

/** A provider's invoices and credit notes of a month, in the order of their numbers. */
export async function listProviderInvoices(providerId: string, month: string, trx?: Trx): Promise<Invoice[]> {
  const rows = await db(trx)('invoices')
    .where({ provider_id: providerId, month })
    .orderBy([{ column: 'year' }, { column: 'number' }])
    .select<Listed[]>(listed());
  return rows.map(toInvoice);
}

/** What the month's archive holds: each invoice's file name, XML and PDF key, in the order of their numbers. */
export async function listMonthFiles(
  month: string,
  trx?: Trx,
): Promise<{ id: string; fileName: string; xml: string; pdfKey: string }[]> {
  const rows = await db(trx)('invoices')
    .where({ month })
    .orderBy([{ column: 'year' }, { column: 'number' }])
    .select<{ id: string; file_name: string; xml: string; pdf_key: string }[]>('id', 'file_name', 'xml', 'pdf_key');
  return rows.map((r) => ({ id: r.id, fileName: r.file_name, xml: r.xml, pdfKey: r.pdf_key }));
}

/** Invoices not yet handed to the Sistema di Interscambio, oldest number first. */
export async function listUnsent(limit: number, trx?: Trx): Promise<{ id: string; fileName: string; xml: string }[]> {
  const rows = await db(trx)('invoices')
    .where({ sdi_status: 'pending' })
    .orderBy([{ column: 'year' }, { column: 'number' }])
    .limit(limit)
    .select<{ id: string; file_name: string; xml: string }[]>('id', 'file_name', 'xml');
  return rows.map((r) => ({ id: r.id, fileName: r.file_name, xml: r.xml }));
}

/** Every number of a year, in order (the numbering's tests read it). */
export async function numbersOfYear(year: number, trx?: Trx): Promise<number[]> {
  const rows = await db(trx)('invoices').where({ year }).orderBy('number').select<{ number: number }[]>('number');
  return rows.map((r) => r.number);
}
