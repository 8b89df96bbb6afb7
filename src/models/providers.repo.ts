import { db, type Trx } from '../db/knex.js';

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

export const PROVIDER_CARD_COLUMNS: readonly string[] = [
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
