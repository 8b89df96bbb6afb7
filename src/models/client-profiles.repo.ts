import { db, type Trx } from '../db/knex.js';
import {
  addressColumns,
  addressOf,
  contactOf,
  SHARED_COLUMNS,
  updateProfile,
  type Address,
  type AddressChanges,
  type ContactPerson,
  type SharedRow,
} from './profiles.repo.js';

// A client's company profile: reading it, creating it at registration, and the tabs only clients have.

export type CompanySize = 'micro' | 'small' | 'medium' | 'large';

export interface ClientProfile {
  userId: string;
  companyName: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  address: Address;
  contactPerson: ContactPerson;
  companySize: CompanySize;
  industrySector: string | null;
  /** null until the company states it (never assumed: the RLS rules depend on it). */
  employeesCount: number | null;
  /** Yearly RLS update hours of the collective agreement (companies under 15 workers). */
  rlsCollectiveHours: number | null;
  phone: string | null;
  website: string | null;
  certifications: string[];
  profileImage: string | null;
  updatedAt: Date;
}

export const CLIENT_COLUMNS = [
  ...SHARED_COLUMNS,
  'company_name',
  'company_size',
  'industry_sector',
  'employees_count',
  'rls_collective_hours',
];

export interface ClientRow extends SharedRow {
  company_name: string;
  company_size: CompanySize;
  industry_sector: string | null;
  employees_count: number | null;
  rls_collective_hours: string | null;
  certifications: string[];
}

export function toClientProfile(row: ClientRow): ClientProfile {
  return {
    userId: row.user_id,
    companyName: row.company_name,
    vatNumber: row.vat_number,
    fiscalCode: row.fiscal_code,
    address: addressOf(row),
    contactPerson: contactOf(row),
    companySize: row.company_size,
    industrySector: row.industry_sector,
    employeesCount: row.employees_count,
    rlsCollectiveHours: row.rls_collective_hours === null ? null : Number(row.rls_collective_hours),
    phone: row.phone,
    website: row.website,
    certifications: row.certifications,
    profileImage: row.profile_image,
    updatedAt: row.updated_at,
  };
}

export async function findClientProfile(userId: string, trx?: Trx): Promise<ClientProfile | null> {
  const row = await db(trx)('client_profiles').first<ClientRow | undefined>(CLIENT_COLUMNS).where({ user_id: userId });
  return row ? toClientProfile(row) : null;
}

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
