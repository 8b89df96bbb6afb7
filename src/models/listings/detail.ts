import { names, pick } from '../../db/columns.js';
import { toCents } from '../../lib/money.js';
import { pricingRulesOf, type ListingPricing } from '../../lib/pricing.js';
import type { Availability, ListingType, LocationType, PricingUnit } from '../../lib/listing-options.js';
import { cancellationPolicyOf, PROVIDER_COLUMNS, type CancellationPolicy, type ProviderRow } from '../providers/row.js';
import type { UserRow } from '../users/row.js';
import { LISTING_COLUMNS, requirementsOf, type ListingRow, type Requirement } from './row.js';

// A listing as its public page shows it, with its provider: the projection of the two rows it joins (`s`
// services, `p` provider_profiles, `u` users) and its mapper (public.ts reads it).

export interface ListingDetail {
  id: string;
  title: string;
  description: string;
  detailedDescription: string | null;
  category: string;
  subcategory: string | null;
  featured: boolean;
  listingType: ListingType;
  availability: Availability;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  currency: string;
  serviceAreas: string[];
  locationType: LocationType;
  /** Street address and CAP of where the service takes place (the create form's location). */
  address: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  lat: number | null;
  lng: number | null;
  durationHours: number | null;
  maxParticipants: number | null;
  deliverables: string[];
  requirements: Requirement[];
  certificationsProvided: string[];
  languages: string[];
  tags: string[];
  ratingAverage: number;
  reviewsCount: number;
  updatedAt: Date;
  /** Base, unit, additional costs and discounts: what src/lib/pricing.ts prices. */
  pricing: ListingPricing;
  /** The provider's policy (docs/product.md §3), shown before booking. */
  cancellationPolicy: CancellationPolicy;
  provider: {
    id: string;
    businessName: string;
    city: string | null;
    province: string | null;
    description: string | null;
    experienceYears: number | null;
    teamSize: number;
    phone: string | null;
    website: string | null;
    contactEmail: string | null;
    accountEmail: string;
    specializations: string[];
    ratingAverage: number;
    reviewsCount: number;
    verified: boolean;
  };
}

const LISTING_KEYS = [
  'id',
  'title',
  'description',
  'detailed_description',
  'category',
  'subcategory',
  'featured',
  'service_type',
  'availability',
  'base_price',
  'pricing_unit',
  'currency',
  'service_areas',
  'location_type',
  'location_address',
  'location_postal_code',
  'location_city',
  'location_province',
  'location_lat',
  'location_lng',
  'duration_hours',
  'max_participants',
  'deliverables',
  'requirements',
  'certifications_provided',
  'languages',
  'tags',
  'rating_average',
  'reviews_count',
  'updated_at',
  'provider_id',
  'additional_costs',
  'discounts',
] as const;

const PROVIDER_KEYS = [
  'business_name',
  'address_city',
  'address_province',
  'experience_years',
  'team_size',
  'phone',
  'contact_phone',
  'website',
  'contact_email',
  'specializations',
  'verified',
  'cancellation_policy',
] as const;

/**
 * The listing's columns, its provider's, and the provider's columns whose names the listing's take,
 * renamed (provider_description, provider_rating_average, provider_reviews_count), with the account's address.
 */
export type DetailRow = Pick<ListingRow, (typeof LISTING_KEYS)[number]> &
  Pick<ProviderRow, (typeof PROVIDER_KEYS)[number]> & {
    provider_description: ProviderRow['description'];
    provider_rating_average: ProviderRow['rating_average'];
    provider_reviews_count: ProviderRow['reviews_count'];
    account_email: UserRow['email'];
  };

export const DETAIL_COLUMNS: (string | Record<string, string>)[] = [
  ...names(pick(LISTING_COLUMNS, LISTING_KEYS), 's'),
  ...names(pick(PROVIDER_COLUMNS, PROVIDER_KEYS), 'p'),
  { provider_description: 'p.description' },
  { provider_rating_average: 'p.rating_average' },
  { provider_reviews_count: 'p.reviews_count' },
  { account_email: 'u.email' },
];

export function toDetail(row: DetailRow): ListingDetail {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    detailedDescription: row.detailed_description,
    category: row.category,
    subcategory: row.subcategory,
    featured: row.featured,
    listingType: row.service_type,
    availability: row.availability,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
    currency: row.currency,
    serviceAreas: row.service_areas,
    locationType: row.location_type,
    address: row.location_address,
    postalCode: row.location_postal_code,
    city: row.location_city,
    province: row.location_province,
    lat: row.location_lat,
    lng: row.location_lng,
    durationHours: row.duration_hours,
    maxParticipants: row.max_participants,
    deliverables: row.deliverables,
    requirements: requirementsOf(row.requirements),
    certificationsProvided: row.certifications_provided,
    languages: row.languages,
    tags: row.tags,
    ratingAverage: Number(row.rating_average),
    reviewsCount: row.reviews_count,
    updatedAt: row.updated_at,
    pricing: {
      basePriceCents: toCents(row.base_price),
      pricingUnit: row.pricing_unit,
      ...pricingRulesOf(row.additional_costs, row.discounts),
    },
    cancellationPolicy: cancellationPolicyOf(row.cancellation_policy),
    provider: {
      id: row.provider_id,
      businessName: row.business_name,
      city: row.address_city,
      province: row.address_province,
      description: row.provider_description,
      experienceYears: row.experience_years,
      teamSize: row.team_size,
      phone: row.phone ?? row.contact_phone,
      website: row.website,
      contactEmail: row.contact_email,
      accountEmail: row.account_email,
      specializations: row.specializations,
      ratingAverage: Number(row.provider_rating_average),
      reviewsCount: row.provider_reviews_count,
      verified: row.verified,
    },
  };
}
