import type { InvoicingChannel } from '../lib/payment-options.js';
import { db, type Trx } from '../db/knex.js';
import { updateProfile } from './profiles.repo.js';

// What invoicing and payment need of the two profiles: how a client receives invoices, the IBAN a provider is paid on.

/** A client's electronic invoicing address (SDI): channel null until the client chose one. */
export interface ClientInvoicing {
  channel: InvoicingChannel | null;
  sdiCode: string | null;
  pec: string | null;
}

export const CLIENT_INVOICING_COLUMNS = ['invoicing_channel', 'sdi_code', 'pec'];

export interface ClientInvoicingRow {
  invoicing_channel: InvoicingChannel | null;
  sdi_code: string | null;
  pec: string | null;
}

export const toClientInvoicing = (row: ClientInvoicingRow | undefined): ClientInvoicing => ({
  channel: row?.invoicing_channel ?? null,
  sdiCode: row?.sdi_code ?? null,
  pec: row?.pec ?? null,
});

/** The client's invoicing data (all null when it has no profile yet or chose nothing). */
export async function findClientInvoicing(userId: string, trx?: Trx): Promise<ClientInvoicing> {
  const row = await db(trx)('client_profiles')
    .where({ user_id: userId })
    .first<ClientInvoicingRow | undefined>(CLIENT_INVOICING_COLUMNS);
  return toClientInvoicing(row);
}

/** Saves the channel with only its own field: a code or address of another channel is cleared. */
export async function updateClientInvoicing(
  userId: string,
  c: ClientInvoicing & { channel: InvoicingChannel },
  trx?: Trx,
): Promise<void> {
  await updateProfile(
    'client_profiles',
    userId,
    {
      invoicing_channel: c.channel,
      sdi_code: c.channel === 'sdi' ? c.sdiCode : null,
      pec: c.channel === 'pec' ? c.pec : null,
    },
    trx,
  );
}

/** The provider's IBAN in electronic form (no spaces), null when not given yet. */
export async function findProviderIban(userId: string, trx?: Trx): Promise<string | null> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: userId })
    .first<{ iban: string | null } | undefined>('iban');
  return row?.iban ?? null;
}

export async function updateProviderIban(userId: string, iban: string, trx?: Trx): Promise<void> {
  await updateProfile('provider_profiles', userId, { iban }, trx);
}
