import { randomUUID } from 'node:crypto';
import { db } from '../../src/db/knex.js';
import { partitaIvaCheckDigit } from '../../src/lib/italian-tax-ids.js';
import type { Role } from '../../src/lib/permissions.js';
import { hashPassword } from '../../src/services/accounts.service.js';
import { next } from './sequence.js';

/** Accounts: users, providers with their profile, passwords that log in, partite IVA. */

/** A placeholder hash: accounts made by factories log in through helpers that set their own password. */
const UNUSABLE_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

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
      company_name: attrs.companyName === undefined ? `Azienda ${n} Srl` : attrs.companyName,
      password_hash: attrs.passwordHash ?? UNUSABLE_HASH,
      email_verified_at: attrs.verified === false ? null : new Date(),
    })
    .returning<{ id: string; email: string }[]>(['id', 'email']);
  await db()('organisations').insert({ id: row!.id, kind: attrs.userType ?? 'client' });
  await db()('memberships').insert({ organisation_id: row!.id, user_id: row!.id, role: 'admin' });
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
  /** Names of the provider's certifications (issuer and number are filled in). */
  certifications?: string[];
  contactEmail?: string | null;
  phone?: string | null;
  website?: string | null;
  experienceYears?: number | null;
  teamSize?: number;
  serviceAreas?: string[];
  languages?: string[];
  insuranceProvider?: string | null;
  insuranceCoverage?: string | null;
}

export async function createProvider(
  attrs: ProviderAttrs = {},
): Promise<{ id: string; email: string; businessName: string }> {
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
    certifications: JSON.stringify(
      (attrs.certifications ?? []).map((name, i) => ({
        name,
        issuer: 'Ente di prova',
        number: `CERT-${i + 1}`,
        issue_date: '2024-01-15',
      })),
    ),
    contact_email: attrs.contactEmail === undefined ? null : attrs.contactEmail,
    phone: attrs.phone === undefined ? null : attrs.phone,
    website: attrs.website === undefined ? null : attrs.website,
    experience_years: attrs.experienceYears === undefined ? null : attrs.experienceYears,
    team_size: attrs.teamSize ?? 1,
    service_areas: attrs.serviceAreas ?? [],
    languages: attrs.languages ?? ['Italiano'],
    insurance_provider: attrs.insuranceProvider ?? null,
    insurance_coverage_amount: attrs.insuranceCoverage ?? null,
  });
  return { ...user, businessName };
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
 * `verified: false`. Its profile is created at first login, as for any account (docs/product.md §4).
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

/** The profile fields the dashboard calls complete for a provider (publishing needs them). */
export async function completeProviderProfile(userId: string, change: Record<string, unknown> = {}): Promise<void> {
  await db()('provider_profiles')
    .where({ user_id: userId })
    .update({
      vat_number: partitaIva(),
      fiscal_code: partitaIva(),
      description: 'RSPP esterno e formazione.',
      address_street: 'Via Dante 3',
      address_city: 'Milano',
      address_province: 'MI',
      address_postal_code: '20121',
      address_region: 'Lombardia',
      contact_first_name: 'Elena',
      contact_last_name: 'Colombo',
      contact_role: 'Titolare',
      contact_email: 'elena@colombo.it',
      contact_phone: '02 123456',
      phone: '+39 02 654321',
      specializations: ['RSPP/ASPP'],
      service_areas: ['Milano'],
      ...change,
    });
}

/**
 * A person who belongs to organisation `organisationId` with `role` and to no organisation of their own (an
 * invited member): they log in through the real login form with `password`, and act for that organisation.
 */
export async function createMember(
  organisationId: string,
  role: Role,
  attrs: { email?: string; password?: string } = {},
): Promise<UserWithPassword> {
  const password = attrs.password ?? DEFAULT_PASSWORD;
  const email = attrs.email ?? `membro${next()}-${randomUUID().slice(0, 8)}@esempio.it`;
  const [row] = await db()('users')
    .insert({ email, password_hash: await hashPassword(password), email_verified_at: new Date() })
    .returning<{ id: string }[]>('id');
  await db()('memberships').insert({ organisation_id: organisationId, user_id: row!.id, role });
  const { kind } = await db()('organisations')
    .where({ id: organisationId })
    .first<{ kind: 'client' | 'provider' }>('kind');
  return { id: row!.id, email, password, userType: kind };
}
