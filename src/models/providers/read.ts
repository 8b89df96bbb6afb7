import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import {
  cancellationPolicyOf,
  PROVIDER_COLUMNS,
  toProviderProfile,
  type CancellationPolicy,
  type ProviderProfile,
  type ProviderRow,
} from './row.js';

// A provider's own profile and the parts of it other records need (the public's view: public.ts).

export async function findProviderProfile(userId: string, trx?: Trx): Promise<ProviderProfile | null> {
  const row = await db(trx)('provider_profiles')
    .first<ProviderRow | undefined>(names(PROVIDER_COLUMNS))
    .where({ user_id: userId });
  return row ? toProviderProfile(row) : null;
}

/** The provider's IBAN in electronic form (no spaces), null when not given yet. */
export async function findProviderIban(userId: string, trx?: Trx): Promise<string | null> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: userId })
    .first<Pick<ProviderRow, 'iban'> | undefined>('iban');
  return row?.iban ?? null;
}

/** Where the provider receives SicurHub's invoices: its codice destinatario SDI or its PEC (null: not given). */
export interface ProviderInvoiceRecipient {
  sdiCode: string | null;
  pec: string | null;
}

/** The "Fatturazione" tab's saved data of a provider: the IBAN it is paid on, where it receives invoices. */
export async function findProviderBilling(
  userId: string,
  trx?: Trx,
): Promise<{ iban: string | null } & ProviderInvoiceRecipient> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: userId })
    .first<Pick<ProviderRow, 'iban' | 'sdi_code' | 'pec'> | undefined>('iban', 'sdi_code', 'pec');
  return { iban: row?.iban ?? null, sdiCode: row?.sdi_code ?? null, pec: row?.pec ?? null };
}

/** The provider's cancellation policy, read as the profile reads it (docs/product.md §3's default where missing). */
export async function findCancellationPolicy(providerId: string, trx?: Trx): Promise<CancellationPolicy> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: providerId })
    .first<Pick<ProviderRow, 'cancellation_policy'> | undefined>('cancellation_policy');
  return cancellationPolicyOf(row?.cancellation_policy ?? null);
}

/** The training provider as an attestato prints it. */
export interface PrintedProvider {
  businessName: string;
  vatNumber: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  contactName: string | null;
  contactRole: string | null;
}

const PRINTED_KEYS = [
  'business_name',
  'vat_number',
  'address_street',
  'address_postal_code',
  'address_city',
  'address_province',
  'contact_first_name',
  'contact_last_name',
  'contact_role',
] as const;

export async function findPrintedProvider(providerId: string, trx?: Trx): Promise<PrintedProvider | null> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: providerId })
    .first<Pick<ProviderRow, (typeof PRINTED_KEYS)[number]> | undefined>(PRINTED_KEYS);
  if (!row) return null;
  const contact = [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ');
  return {
    businessName: row.business_name,
    vatNumber: row.vat_number,
    street: row.address_street,
    postalCode: row.address_postal_code,
    city: row.address_city,
    province: row.address_province,
    contactName: contact || null,
    contactRole: row.contact_role,
  };
}
