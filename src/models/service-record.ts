import { toCents } from '../lib/money.js';
import { pricingRulesOf, type ListingPricing } from '../lib/pricing.js';
import {
  cancellationPolicyOf,
  type CancellationPolicy,
  type CancellationPolicyJson,
} from './provider-profile-record.js';
import type { Availability, LocationType, PricingUnit, ListingType } from '../lib/listing-options.js';

// The columns of a service's public page and their mapper (services.repo.ts reads them).

export interface Requirement {
  name: string;
  mandatory: boolean;
  description: string | null;
}

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
  /** The provider's policy (SPEC §3), shown before booking. */
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

export const DETAIL_COLUMNS: (string | Record<string, string>)[] = [
  's.id',
  's.title',
  's.description',
  's.detailed_description',
  's.category',
  's.subcategory',
  's.featured',
  's.service_type',
  's.availability',
  's.base_price',
  's.pricing_unit',
  's.currency',
  's.service_areas',
  's.location_type',
  's.location_address',
  's.location_postal_code',
  's.location_city',
  's.location_province',
  's.location_lat',
  's.location_lng',
  's.duration_hours',
  's.max_participants',
  's.deliverables',
  's.requirements',
  's.certifications_provided',
  's.languages',
  's.tags',
  's.rating_average',
  's.reviews_count',
  's.updated_at',
  's.provider_id',
  'p.business_name',
  'p.address_city',
  'p.address_province',
  { provider_description: 'p.description' },
  'p.experience_years',
  'p.team_size',
  'p.phone',
  'p.contact_phone',
  'p.website',
  'p.contact_email',
  { account_email: 'u.email' },
  'p.specializations',
  { provider_rating_average: 'p.rating_average' },
  { provider_reviews_count: 'p.reviews_count' },
  'p.verified',
  's.additional_costs',
  's.discounts',
  'p.cancellation_policy',
];

export interface DetailRow {
  id: string;
  title: string;
  description: string;
  detailed_description: string | null;
  category: string;
  subcategory: string | null;
  featured: boolean;
  service_type: ListingType;
  availability: Availability;
  base_price: string;
  pricing_unit: PricingUnit;
  currency: string;
  service_areas: string[];
  location_type: LocationType;
  location_address: string | null;
  location_postal_code: string | null;
  location_city: string | null;
  location_province: string | null;
  location_lat: number | null;
  location_lng: number | null;
  duration_hours: number | null;
  max_participants: number | null;
  deliverables: string[];
  requirements: unknown;
  certifications_provided: string[];
  languages: string[];
  tags: string[];
  rating_average: string;
  reviews_count: number;
  updated_at: Date;
  provider_id: string;
  business_name: string;
  address_city: string | null;
  address_province: string | null;
  provider_description: string | null;
  experience_years: number | null;
  team_size: number;
  phone: string | null;
  contact_phone: string | null;
  website: string | null;
  contact_email: string | null;
  account_email: string;
  specializations: string[];
  provider_rating_average: string;
  provider_reviews_count: number;
  verified: boolean;
  additional_costs: unknown;
  discounts: unknown;
  cancellation_policy: CancellationPolicyJson | null;
}

/** requirements is jsonb written by forms: keep only well-formed entries. */
function toRequirements(value: unknown): Requirement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r: unknown) => {
    if (!r || typeof r !== 'object') return [];
    const { name, mandatory, description } = r as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [
      {
        name,
        mandatory: mandatory === true,
        description: typeof description === 'string' && description.trim() ? description : null,
      },
    ];
  });
}

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
    requirements: toRequirements(row.requirements),
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
