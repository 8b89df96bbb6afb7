import { columnsOf } from '../../db/columns.js';
import type { InvoicingChannel } from '../../lib/payment-options.js';
import {
  addressOf,
  contactOf,
  SHARED_COLUMNS,
  type Address,
  type ContactPerson,
  type SharedRow,
} from '../profiles/shared.js';

// The client_profiles table: a client's company profile, and how it receives invoices.

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

/** A client's electronic invoicing address (SDI): channel null until the client chose one. */
export interface ClientInvoicing {
  channel: InvoicingChannel | null;
  sdiCode: string | null;
  pec: string | null;
}

export interface ClientRow extends SharedRow {
  company_name: string;
  company_size: CompanySize;
  industry_sector: string | null;
  employees_count: number | null;
  rls_collective_hours: string | null;
  certifications: string[];
  invoicing_channel: InvoicingChannel | null;
  sdi_code: string | null;
  pec: string | null;
}

export const CLIENT_COLUMNS = columnsOf<ClientRow>({
  ...SHARED_COLUMNS,
  company_name: 'text',
  company_size: 'text',
  industry_sector: 'text',
  employees_count: 'number',
  rls_collective_hours: 'numeric',
  certifications: 'array',
  invoicing_channel: 'text',
  sdi_code: 'text',
  pec: 'text',
});

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

export const INVOICING_KEYS = ['invoicing_channel', 'sdi_code', 'pec'] as const;

/** The invoicing part of a client's row (all null without a profile). */
export function toClientInvoicing(row: Pick<ClientRow, (typeof INVOICING_KEYS)[number]> | undefined): ClientInvoicing {
  return {
    channel: row?.invoicing_channel ?? null,
    sdiCode: row?.sdi_code ?? null,
    pec: row?.pec ?? null,
  };
}
