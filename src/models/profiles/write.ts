import { db, type Trx } from '../../db/knex.js';
import type { SharedRow } from './shared.js';

// Writes both profile tables share: address, contacts, image, and the tax ids another profile may hold.

/** What a profile form may change. Nested values are flattened to their columns here and only here. */
export interface AddressChanges {
  street: string;
  city: string;
  province: string;
  postalCode: string;
  region: string;
}

export interface ContactChanges {
  contactPerson: { firstName: string; lastName: string; role: string; email: string; phone: string };
  phone: string;
  website: string | null;
}

/** Column values to write, by column name. */
type Columns = Record<string, unknown>;

export function addressColumns(a: AddressChanges): Columns {
  return {
    address_street: a.street,
    address_city: a.city,
    address_province: a.province,
    address_postal_code: a.postalCode,
    address_region: a.region,
  };
}

function contactColumns(c: ContactChanges): Columns {
  return {
    contact_first_name: c.contactPerson.firstName,
    contact_last_name: c.contactPerson.lastName,
    contact_role: c.contactPerson.role,
    contact_email: c.contactPerson.email,
    contact_phone: c.contactPerson.phone,
    phone: c.phone,
    website: c.website,
  };
}

export async function updateProfile(
  table: 'client_profiles' | 'provider_profiles',
  userId: string,
  columns: Columns,
  trx?: Trx,
): Promise<void> {
  await db(trx)(table)
    .where({ user_id: userId })
    .update({ ...columns, updated_at: db(trx).fn.now() });
}

export async function updateContacts(
  table: 'client' | 'provider',
  userId: string,
  c: ContactChanges,
  trx?: Trx,
): Promise<void> {
  await updateProfile(table === 'client' ? 'client_profiles' : 'provider_profiles', userId, contactColumns(c), trx);
}

/** Sets (or clears) the profile image URL; returns the previous one so its files can be deleted. */
export async function setProfileImage(
  table: 'client' | 'provider',
  userId: string,
  url: string | null,
  trx?: Trx,
): Promise<string | null> {
  const name = table === 'client' ? 'client_profiles' : 'provider_profiles';
  const { rows } = await db(trx).raw<{ rows: { previous: string | null }[] }>(
    `UPDATE ${name} AS p SET profile_image = ?, updated_at = now()
     FROM (SELECT user_id, profile_image AS previous FROM ${name} WHERE user_id = ? FOR UPDATE) AS old
     WHERE p.user_id = old.user_id
     RETURNING old.previous`,
    [url, userId],
  );
  return rows[0]?.previous ?? null;
}

export interface TaxIds {
  vatNumber: string | null;
  fiscalCode: string | null;
}

/** Which of these tax ids another profile of the same kind holds (what the unique indexes would refuse). */
export async function taxIdsHeldByOthers(
  kind: 'client' | 'provider',
  userId: string,
  ids: TaxIds,
  trx?: Trx,
): Promise<('vat_number' | 'fiscal_code')[]> {
  if (ids.vatNumber === null && ids.fiscalCode === null) return [];
  const rows = await db(trx)(kind === 'client' ? 'client_profiles' : 'provider_profiles')
    .select<Pick<SharedRow, 'vat_number' | 'fiscal_code'>[]>('vat_number', 'fiscal_code')
    .whereNot({ user_id: userId })
    .where((q) => {
      if (ids.vatNumber !== null) q.orWhere({ vat_number: ids.vatNumber });
      if (ids.fiscalCode !== null) q.orWhere({ fiscal_code: ids.fiscalCode });
    });
  const taken: ('vat_number' | 'fiscal_code')[] = [];
  if (ids.vatNumber !== null && rows.some((r) => r.vat_number === ids.vatNumber)) taken.push('vat_number');
  if (ids.fiscalCode !== null && rows.some((r) => r.fiscal_code === ids.fiscalCode)) taken.push('fiscal_code');
  return taken;
}
