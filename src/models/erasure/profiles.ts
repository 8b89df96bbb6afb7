import { db, type Trx } from '../../db/knex.js';
import type { ErasureContext } from './statements.js';

// The profiles of an erased account (models/erasure/statements.ts): kept, since services and bookings refer
// to them, with nothing left that names the person; the photo's key goes to the files to delete.

const profileImage = async (table: string, ctx: ErasureContext, trx: Trx): Promise<void> => {
  const rows = (await db(trx)(table).select('profile_image').where('user_id', ctx.userId)) as {
    profile_image: string | null;
  }[];
  for (const { profile_image: url } of rows)
    if (url?.startsWith('/media/')) ctx.files.push(url.slice('/media/'.length));
};

export async function eraseClientProfile(ctx: ErasureContext, trx: Trx): Promise<void> {
  await profileImage('client_profiles', ctx, trx);
  await db(trx)('client_profiles')
    .where('user_id', ctx.userId)
    .update({
      company_name: ctx.words.deletedUser,
      ...nulls(CLIENT_PROFILE_NULLS),
      certifications: '{}',
      updated_at: db(trx).fn.now(),
    });
}

export async function eraseProviderProfile(ctx: ErasureContext, trx: Trx): Promise<void> {
  await profileImage('provider_profiles', ctx, trx);
  await db(trx)('provider_profiles')
    .where('user_id', ctx.userId)
    .update({
      business_name: ctx.words.deletedUser,
      ...nulls(PROVIDER_PROFILE_NULLS),
      specializations: '{}',
      service_areas: '{}',
      languages: '{}',
      certifications: JSON.stringify([]),
      availability_calendar: JSON.stringify({}),
      pricing_model: JSON.stringify({}),
      active: false,
      featured: false,
      updated_at: db(trx).fn.now(),
    });
}

const CLIENT_PROFILE_NULLS = [
  'vat_number',
  'fiscal_code',
  'address_street',
  'address_city',
  'address_province',
  'address_postal_code',
  'address_region',
  'contact_first_name',
  'contact_last_name',
  'contact_role',
  'contact_email',
  'contact_phone',
  'industry_sector',
  'phone',
  'website',
  'profile_image',
  'invoicing_channel',
  'sdi_code',
  'pec',
] as const;

const PROVIDER_PROFILE_NULLS = [
  'vat_number',
  'fiscal_code',
  'professional_order',
  'registration_number',
  'address_street',
  'address_city',
  'address_province',
  'address_postal_code',
  'address_region',
  'address_lat',
  'address_lng',
  'contact_first_name',
  'contact_last_name',
  'contact_role',
  'contact_email',
  'contact_phone',
  'phone',
  'website',
  'description',
  'insurance_provider',
  'profile_image',
  'iban',
  'sdi_code',
  'pec',
] as const;

const nulls = (columns: readonly string[]): Record<string, null> =>
  Object.fromEntries(columns.map((column) => [column, null]));
