import { db, type Trx } from '../../db/knex.js';
import type { InvoicingChannel } from '../../lib/payment-options.js';
import { addressColumns, updateProfile, type AddressChanges } from '../profiles/write.js';
import type { ClientInvoicing, CompanySize } from './row.js';

/** Creates the client profile with the defaults of docs/product.md §4 when it does not exist yet. */
export async function insertClientDefaults(userId: string, companyName: string, trx?: Trx): Promise<void> {
  await db(trx)('client_profiles')
    .insert({ user_id: userId, company_name: companyName })
    .onConflict('user_id')
    .ignore();
}

export interface ClientGeneralChanges {
  companyName: string;
  vatNumber: string;
  fiscalCode: string;
  companySize: CompanySize;
  industrySector: string;
  employeesCount: number;
  rlsCollectiveHours: number | null;
  certifications: string[];
}

export async function updateClientGeneral(userId: string, c: ClientGeneralChanges, trx?: Trx): Promise<void> {
  await updateProfile(
    'client_profiles',
    userId,
    {
      company_name: c.companyName,
      vat_number: c.vatNumber,
      fiscal_code: c.fiscalCode,
      company_size: c.companySize,
      industry_sector: c.industrySector,
      employees_count: c.employeesCount,
      rls_collective_hours: c.rlsCollectiveHours,
      certifications: c.certifications,
    },
    trx,
  );
}

export async function updateClientAddress(userId: string, a: AddressChanges, trx?: Trx): Promise<void> {
  await updateProfile('client_profiles', userId, addressColumns(a), trx);
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
