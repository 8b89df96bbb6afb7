import { db, type Trx } from '../db/knex.js';
import { isUuid } from '../lib/uuid.js';

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

const PROVIDER_CARD_COLUMNS: readonly string[] = [
  'provider_profiles.user_id',
  'provider_profiles.business_name',
  'provider_profiles.address_city',
  'provider_profiles.address_province',
  'provider_profiles.description',
  'provider_profiles.specializations',
  'provider_profiles.rating_average',
  'provider_profiles.reviews_count',
  'provider_profiles.verified',
  'provider_profiles.featured',
  'provider_profiles.profile_image',
  'provider_profiles.experience_years',
];

interface ProviderCardRow {
  user_id: string;
  business_name: string;
  address_city: string | null;
  address_province: string | null;
  description: string | null;
  specializations: string[];
  rating_average: string;
  reviews_count: number;
  verified: boolean;
  featured: boolean;
  profile_image: string | null;
  experience_years: number | null;
}

function toProviderCard(row: ProviderCardRow): ProviderCard {
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
    .select<ProviderCardRow[]>(PROVIDER_CARD_COLUMNS)
    .where({ featured: true, active: true })
    .orderBy([
      { column: 'rating_average', order: 'desc' },
      { column: 'reviews_count', order: 'desc' },
      { column: 'business_name', order: 'asc' },
    ])
    .limit(limit);
  return rows.map(toProviderCard);
}

/** Marks a provider verified (an admin decision: see `npm run provider:verify`). */
export async function setVerified(userId: string, verified: boolean, trx?: Trx): Promise<ProviderCard | null> {
  const [row] = await db(trx)('provider_profiles')
    .where({ user_id: userId })
    .update({ verified, updated_at: db(trx).fn.now() })
    .returning<ProviderCardRow[]>(PROVIDER_CARD_COLUMNS.map((c) => c.replace('provider_profiles.', '')));
  return row ? toProviderCard(row) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Public provider page and sitemap (discovery)
// ---------------------------------------------------------------------------------------------------------

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

interface PublicProviderRow extends ProviderCardRow {
  phone: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  account_email: string;
  website: string | null;
  team_size: number;
  certifications: unknown;
  service_areas: string[];
  languages: string[];
  insurance_provider: string | null;
  insurance_coverage_amount: string | null;
  insurance_expiry_date: string | Date | null;
  updated_at: Date;
}

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
    .join('users', 'users.id', 'provider_profiles.user_id')
    .where({ 'provider_profiles.user_id': id, 'provider_profiles.active': true, 'users.user_type': 'provider' })
    .first<PublicProviderRow | undefined>([
      ...PROVIDER_CARD_COLUMNS,
      'provider_profiles.phone',
      'provider_profiles.contact_phone',
      'provider_profiles.contact_email',
      { account_email: 'users.email' },
      'provider_profiles.website',
      'provider_profiles.team_size',
      'provider_profiles.certifications',
      'provider_profiles.service_areas',
      'provider_profiles.languages',
      'provider_profiles.insurance_provider',
      'provider_profiles.insurance_coverage_amount',
      'provider_profiles.insurance_expiry_date',
      'provider_profiles.updated_at',
    ]);
  if (!row) return null;
  const coverage =
    row.insurance_coverage_amount === null ? null : Math.round(Number(row.insurance_coverage_amount) * 100);
  const expiry = row.insurance_expiry_date;
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
    insuranceCoverageCents: coverage,
    insuranceExpiryDate: expiry instanceof Date ? expiry.toISOString().slice(0, 10) : expiry,
    updatedAt: row.updated_at,
  };
}

/** Active providers for /sitemap.xml (id and last change). */
export async function listSitemapProviders(limit: number, trx?: Trx): Promise<{ id: string; updatedAt: Date }[]> {
  const rows = await db(trx)('provider_profiles')
    .where('active', true)
    .orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'user_id' }])
    .limit(limit)
    .select<{ user_id: string; updated_at: Date }[]>('user_id', 'updated_at');
  return rows.map((r) => ({ id: r.user_id, updatedAt: r.updated_at }));
}
