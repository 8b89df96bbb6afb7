import { randomUUID } from 'node:crypto';
import { db } from '../../src/db/knex.js';
import { partitaIvaCheckDigit } from '../../src/lib/italian-tax-ids.js';
import { hashPassword } from '../../src/services/accounts.service.js';

let sequence = 0;
const next = (): number => {
  sequence += 1;
  return sequence;
};

/** A placeholder hash: accounts made by factories log in through helpers that set their own password. */
const UNUSABLE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface UserAttrs {
  email?: string;
  userType?: 'client' | 'provider';
  companyName?: string | null;
  passwordHash?: string;
  verified?: boolean;
}

export async function createUser(attrs: UserAttrs = {}): Promise<{ id: string; email: string }> {
  const n = next();
  const email = attrs.email ?? `utente${n}-${randomUUID().slice(0, 8)}@esempio.it`;
  const [row] = await db()('users')
    .insert({
      email,
      user_type: attrs.userType ?? 'client',
      company_name: attrs.companyName === undefined ? `Azienda ${n} Srl` : attrs.companyName,
      password_hash: attrs.passwordHash ?? UNUSABLE_HASH,
      email_verified_at: attrs.verified === false ? null : new Date(),
    })
    .returning<{ id: string; email: string }[]>(['id', 'email']);
  return row!;
}

export interface ProviderAttrs extends UserAttrs {
  businessName?: string;
  city?: string;
  province?: string;
  specializations?: string[];
  featured?: boolean;
  verifiedProvider?: boolean;
  active?: boolean;
  ratingAverage?: number;
  reviewsCount?: number;
  description?: string;
}

export async function createProvider(attrs: ProviderAttrs = {}): Promise<{ id: string; email: string; businessName: string }> {
  const user = await createUser({ ...attrs, userType: 'provider' });
  const businessName = attrs.businessName ?? `Studio Sicurezza ${next()}`;
  await db()('provider_profiles').insert({
    user_id: user.id,
    business_name: businessName,
    address_city: attrs.city ?? 'Milano',
    address_province: attrs.province ?? 'MI',
    address_region: 'Lombardia',
    description: attrs.description ?? 'Consulenza e formazione sulla sicurezza sul lavoro.',
    specializations: attrs.specializations ?? ['Formazione Sicurezza'],
    featured: attrs.featured ?? false,
    verified: attrs.verifiedProvider ?? false,
    active: attrs.active ?? true,
    rating_average: attrs.ratingAverage ?? 0,
    reviews_count: attrs.reviewsCount ?? 0,
  });
  return { ...user, businessName };
}

export interface ServiceAttrs {
  providerId: string;
  title?: string;
  category?: string;
  active?: boolean;
  serviceType?: 'instant' | 'on_request';
  basePrice?: string;
  pricingUnit?: string;
  city?: string;
  province?: string;
  lat?: number | null;
  lng?: number | null;
}

export async function createService(attrs: ServiceAttrs): Promise<{ id: string; title: string }> {
  const title = attrs.title ?? `Corso sicurezza ${next()}`;
  const [row] = await db()('services')
    .insert({
      provider_id: attrs.providerId,
      title,
      description: 'Corso conforme all’Accordo Stato-Regioni.',
      category: attrs.category ?? 'training_education',
      active: attrs.active ?? true,
      service_type: attrs.serviceType ?? 'instant',
      base_price: attrs.basePrice ?? '250.00',
      pricing_unit: attrs.pricingUnit ?? 'per_participant',
      location_city: attrs.city ?? 'Milano',
      location_province: attrs.province ?? 'MI',
      location_lat: attrs.lat === undefined ? 45.4642 : attrs.lat,
      location_lng: attrs.lng === undefined ? 9.19 : attrs.lng,
    })
    .returning<{ id: string; title: string }[]>(['id', 'title']);
  return row!;
}

/** The password factories give accounts unless told otherwise (valid by the registration rules). */
export const DEFAULT_PASSWORD = 'Sicura2026!';

export interface UserWithPassword {
  id: string;
  email: string;
  password: string;
  userType: 'client' | 'provider';
}

/**
 * An account that can log in through the real login form (argon2id hash of `password`), verified unless
 * `verified: false`. Its profile is created at first login, as for any account (SPEC §4).
 */
export async function createUserWithPassword(
  attrs: Omit<UserAttrs, 'passwordHash'> & { password?: string } = {},
): Promise<UserWithPassword> {
  const password = attrs.password ?? DEFAULT_PASSWORD;
  const user = await createUser({ ...attrs, passwordHash: await hashPassword(password) });
  return { ...user, password, userType: attrs.userType ?? 'client' };
}

let vatSequence = 0;

/** A fresh, valid partita IVA (11 digits with its check digit); also a valid company codice fiscale. */
export function partitaIva(): string {
  vatSequence += 1;
  const serial = String((Date.now() + vatSequence * 7919) % 1e7).padStart(7, '0');
  const office = String(1 + (vatSequence % 100)).padStart(3, '0');
  return `${serial}${office}${partitaIvaCheckDigit(`${serial}${office}`)}`;
}
