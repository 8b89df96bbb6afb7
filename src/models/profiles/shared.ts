import type { ColumnKind } from '../../db/columns.js';

// What the two profile tables (client_profiles, provider_profiles) share: address, contact person, tax
// ids, image. Each table's row type (clients/row.ts, providers/row.ts) is SharedRow and its own columns.

export interface Address {
  street: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  region: string | null;
  country: string;
}

export interface ContactPerson {
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
}

export interface SharedRow {
  user_id: string;
  vat_number: string | null;
  fiscal_code: string | null;
  address_street: string | null;
  address_city: string | null;
  address_province: string | null;
  address_postal_code: string | null;
  address_region: string | null;
  address_country: string;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_role: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  phone: string | null;
  website: string | null;
  profile_image: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The kinds of SharedRow's columns, spread into each profile table's descriptor. */
export const SHARED_COLUMNS = {
  user_id: 'text',
  vat_number: 'text',
  fiscal_code: 'text',
  address_street: 'text',
  address_city: 'text',
  address_province: 'text',
  address_postal_code: 'text',
  address_region: 'text',
  address_country: 'text',
  contact_first_name: 'text',
  contact_last_name: 'text',
  contact_role: 'text',
  contact_email: 'text',
  contact_phone: 'text',
  phone: 'text',
  website: 'text',
  profile_image: 'text',
  created_at: 'timestamp',
  updated_at: 'timestamp',
} as const satisfies Record<keyof SharedRow, ColumnKind>;

export function addressOf(row: SharedRow): Address {
  return {
    street: row.address_street,
    city: row.address_city,
    province: row.address_province,
    postalCode: row.address_postal_code,
    region: row.address_region,
    country: row.address_country,
  };
}

export function contactOf(row: SharedRow): ContactPerson {
  return {
    firstName: row.contact_first_name,
    lastName: row.contact_last_name,
    role: row.contact_role,
    email: row.contact_email,
    phone: row.contact_phone,
  };
}
