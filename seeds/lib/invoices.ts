import type { Knex } from 'knex';
import { DEMO_PROVIDER_EMAIL } from '../data/constants.js';
import { INVOICE_KINDS_ISSUED, issueDocument } from '../../src/services/commission-invoices.service.js';
import { currentMonth, shiftMonth } from '../../src/services/commission-statements.service.js';

/**
 * The demo provider's commission invoice (and credit note, when a refund gave some back) of the month
 * before the reference day, issued as the job runner issues them: the console and the provider's statement
 * have something to download from the first start. Runs after the seed's transaction (issuing opens its
 * own); a document already issued is left as it is.
 */
export async function seedInvoices(knex: Knex, now: Date): Promise<number> {
  const provider = await knex('users')
    .whereRaw('lower(email) = ?', [DEMO_PROVIDER_EMAIL])
    .first<{ id: string } | undefined>('id');
  if (!provider) return 0;
  const month = shiftMonth(currentMonth(now), -1);
  let issued = 0;
  for (const kind of INVOICE_KINDS_ISSUED) {
    const result = await issueDocument(provider.id, month, kind, { now });
    if (result.outcome === 'issued') issued += 1;
  }
  return issued;
}
