import { names, pick } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import { isUuid } from '../../lib/uuid.js';
import { PROVIDER_COLUMNS, type ProviderRow } from './row.js';
import { organisationAddressJoin } from '../organisations/read.js';

// Providers as the public sees them: cards (home page, search, listing page), their public page, the sitemap.

/** A provider as cards show it (home page, search, service detail). */
export interface ProviderCard {
  id: string;
  businessName: string;
  city: string | null;
  province: string | null;
  description: string | null;
  specializations: string[];
  ratingAverage: number;
  reviewsCount: number;
  verified: boolean;
  featured: boolean;
  profileImage: string | null;
  experienceYears: number | null;
}

export const CARD_KEYS = [
  'user_id',
  'business_name',
  'address_city',
  'address_province',
  'description',
  'specializations',
  'rating_average',
  'reviews_count',
  'verified',
  'featured',
  'profile_image',
  'experience_years',
] as const;

export type ProviderCardRow = Pick<ProviderRow, (typeof CARD_KEYS)[number]>;

const CARD_COLUMNS = names(pick(PROVIDER_COLUMNS, CARD_KEYS), 'provider_profiles');

export function toProviderCard(row: ProviderCardRow): ProviderCard {
  return {
    id: row.user_id,
    businessName: row.business_name,
    city: row.address_city,
    province: row.address_province,
    description: row.description,
    specializations: row.specializations,
    ratingAverage: Number(row.rating_average),
    reviewsCount: row.reviews_count,
    verified: row.verified,
    featured: row.featured,
    profileImage: row.profile_image,
    experienceYears: row.experience_years,
  };
}

/** Featured, active providers for the home page: best rated first, then the most reviewed. */
export async function listFeatured(limit: number, trx?: Trx): Promise<ProviderCard[]> {
  const rows = await db(trx)('provider_profiles')
    .select<ProviderCardRow[]>(CARD_COLUMNS)
    .where({ featured: true, active: true })
    .orderBy([
      { column: 'rating_average', order: 'desc' },
      { column: 'reviews_count', order: 'desc' },
      { column: 'business_name', order: 'asc' },
    ])
    .limit(limit);
  return rows.map(toProviderCard);
}

interface ProviderCertification {
  name: string;
  issuer: string | null;
  number: string | null;
  issueDate: string | null;
  expiryDate: string | null;
}

export interface PublicProvider extends ProviderCard {
  phone: string | null;
  contactEmail: string | null;
  accountEmail: string;
  website: string | null;
  teamSize: number;
  certifications: ProviderCertification[];
  serviceAreas: string[];
  languages: string[];
  insuranceProvider: string | null;
  insuranceCoverageCents: number | null;
  insuranceExpiryDate: string | null;
  updatedAt: Date;
}

const PUBLIC_KEYS = [
  ...CARD_KEYS,
  'phone',
  'contact_phone',
  'contact_email',
  'website',
  'team_size',
  'certifications',
  'service_areas',
  'languages',
  'insurance_provider',
  'insurance_coverage_amount',
  'insurance_expiry_date',
  'updated_at',
] as const;

/** The public page's columns of the profile, and the address that speaks for the organisation (users.email). */
type PublicProviderRow = Pick<ProviderRow, (typeof PUBLIC_KEYS)[number]> & { account_email: string };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function toCertifications(value: unknown): ProviderCertification[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) => {
    const r = (c ?? {}) as Record<string, unknown>;
    const name = text(r.name);
    return name
      ? [
          {
            name,
            issuer: text(r.issuer),
            number: text(r.number),
            issueDate: text(r.issue_date),
            expiryDate: text(r.expiry_date),
          },
        ]
      : [];
  });
}

/** An active provider's public profile; null for unknown or malformed ids, non-providers, inactive providers. */
export async function findPublicProvider(id: string, trx?: Trx): Promise<PublicProvider | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('provider_profiles')
    .join('organisations', 'organisations.id', 'provider_profiles.user_id')
    .joinRaw(organisationAddressJoin('organisations.id', 'users'))
    .where({ 'provider_profiles.user_id': id, 'provider_profiles.active': true, 'organisations.kind': 'provider' })
    .first<PublicProviderRow | undefined>([
      ...names(pick(PROVIDER_COLUMNS, PUBLIC_KEYS), 'provider_profiles'),
      { account_email: 'users.email' },
    ]);
  if (!row) return null;
  return {
    ...toProviderCard(row),
    phone: row.phone ?? row.contact_phone,
    contactEmail: row.contact_email,
    accountEmail: row.account_email,
    website: row.website,
    teamSize: row.team_size,
    certifications: toCertifications(row.certifications),
    serviceAreas: row.service_areas,
    languages: row.languages,
    insuranceProvider: row.insurance_provider,
    insuranceCoverageCents: row.insurance_coverage_amount === null ? null : toCents(row.insurance_coverage_amount),
    insuranceExpiryDate: row.insurance_expiry_date,
    updatedAt: row.updated_at,
  };
}

/** Active providers for /sitemap.xml (id and last change). */
export async function listSitemapProviders(limit: number, trx?: Trx): Promise<{ id: string; updatedAt: Date }[]> {
  const rows = await db(trx)('provider_profiles')
    .where('active', true)
    .orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'user_id' }])
    .limit(limit)
    .select<Pick<ProviderRow, 'user_id' | 'updated_at'>[]>('user_id', 'updated_at');
  return rows.map((r) => ({ id: r.user_id, updatedAt: r.updated_at }));
}
