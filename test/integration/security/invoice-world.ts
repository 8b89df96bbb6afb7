import { db } from '../../../src/db/knex.js';
import { storage } from '../../../src/services/storage.service.js';

/** SicurHub's commission invoice to a provider, as the job runner would have issued it (written directly). */
export async function issuedInvoice(providerId: string, pdf: Buffer): Promise<{ invoiceId: string }> {
  await storage().put('invoices/2000-1-td01.pdf', pdf);
  const [invoice] = await db()('invoices')
    .insert({
      ...{ year: 2000, number: 1, kind: 'TD01', provider_id: providerId, month: '2000-01' },
      ...{ issued_on: '2000-02-01', taxable_cents: 100, vat_cents: 22, total_cents: 122, lines: '[]' },
      ...{ file_name: 'IT12345670017_00001.xml', xml: '<x/>', pdf_key: 'invoices/2000-1-td01.pdf' },
    })
    .returning<{ id: string }[]>('id');
  return { invoiceId: invoice!.id };
}
