import { db, type Trx } from '../../db/knex.js';
import { LISTED_COLUMNS, toInvoice, type Invoice, type InvoiceRow } from './row.js';

/**
 * Locks the year's counter row for the rest of the transaction (made at 0 for a new year) and returns the
 * last number used: a second issuer waits here until the first commits or rolls back.
 */
export async function lockCounter(year: number, trx: Trx): Promise<number> {
  await trx('invoice_counters').insert({ year, last_number: 0 }).onConflict('year').ignore();
  const row = await trx('invoice_counters').where({ year }).forUpdate().first<{ last_number: number }>('last_number');
  return row!.last_number;
}

/** Moves the year's counter to the number just used, in the transaction that holds its lock. */
export async function setCounter(year: number, lastNumber: number, trx: Trx): Promise<void> {
  await trx('invoice_counters').where({ year }).update({ last_number: lastNumber });
}

export type NewInvoice = Omit<InvoiceRow, 'id' | 'sdi_status' | 'sent_at' | 'created_at'>;

export async function insertInvoice(invoice: NewInvoice, trx: Trx): Promise<Invoice> {
  const [row] = await trx('invoices')
    .insert({ ...invoice, lines: JSON.stringify(invoice.lines) })
    .returning<Omit<InvoiceRow, 'xml'>[]>(LISTED_COLUMNS);
  return toInvoice(row!);
}

/** Records that the sending driver took the file. */
export async function markSent(id: string, at: Date, trx?: Trx): Promise<void> {
  await db(trx)('invoices').where({ id, sdi_status: 'pending' }).update({ sdi_status: 'sent', sent_at: at });
}
