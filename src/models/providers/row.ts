import { columnsOf } from '../../db/columns.js';
import { isIntegerIn, isOneOf } from '../../lib/guards.js';
import { toCents } from '../../lib/money.js';
import {
  CANCELLATION_TYPES,
  DEFAULT_CANCELLATION_POLICY,
  MAX_CANCELLATION_HOURS,
  PRICING_TYPES,
  type CancellationType,
  type PricingType,
} from '../../lib/profile-options.js';
import {
  addressOf,
  contactOf,
  SHARED_COLUMNS,
  type Address,
  type ContactPerson,
  type SharedRow,
} from '../profiles/shared.js';

// The provider_profiles table: a provider's business profile, its row, columns and mapper. Its legacy
// availability_calendar column (replaced by provider_calendars: calendars.ts) is never read.

export interface Certification {
  name: string;
  issuer: string;
  number: string;
  issueDate: string;
  expiryDate: string | null;
}

export interface Insurance {
  provider: string | null;
  coverageAmountCents: number | null;
  expiryDate: string | null;
}

/** docs/product.md §3 pricing_model {type hourly, base_rate, currency EUR}; the rate in cents (jsonb keeps euros). */
export interface PricingModel {
  type: PricingType;
  baseRateCents: number | null;
  currency: 'EUR';
}

/** docs/product.md §3 cancellation_policy {type flexible, hours_before 24, refund_percentage 100}. */
export interface CancellationPolicy {
  type: CancellationType;
  hoursBefore: number;
  refundPercentage: number;
}

export interface ProviderProfile {
  userId: string;
  businessName: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  professionalOrder: string | null;
  registrationNumber: string | null;
  address: Address & { lat: number | null; lng: number | null };
  contactPerson: ContactPerson;
  phone: string | null;
  website: string | null;
  description: string | null;
  specializations: string[];
  certifications: Certification[];
  serviceAreas: string[];
  languages: string[];
  experienceYears: number | null;
  teamSize: number;
  insurance: Insurance;
  pricingModel: PricingModel;
  cancellationPolicy: CancellationPolicy;
  ratingAverage: number;
  reviewsCount: number;
  completedBookings: number;
  verified: boolean;
  featured: boolean;
  active: boolean;
  profileImage: string | null;
  updatedAt: Date;
}

export interface CertificationJson {
  name: string;
  issuer: string;
  number: string;
  issue_date: string;
  expiry_date?: string | null;
}

interface PricingModelJson {
  type?: unknown;
  base_rate?: unknown;
  currency?: unknown;
}

export interface CancellationPolicyJson {
  type?: unknown;
  hours_before?: unknown;
  refund_percentage?: unknown;
}

export interface ProviderRow extends SharedRow {
  business_name: string;
  professional_order: string | null;
  registration_number: string | null;
  address_lat: number | null;
  address_lng: number | null;
  description: string | null;
  specializations: string[];
  certifications: CertificationJson[];
  service_areas: string[];
  languages: string[];
  experience_years: number | null;
  team_size: number;
  insurance_provider: string | null;
  insurance_coverage_amount: string | null;
  insurance_expiry_date: string | null;
  pricing_model: PricingModelJson | null;
  cancellation_policy: CancellationPolicyJson | null;
  rating_average: string;
  reviews_count: number;
  completed_bookings: number;
  verified: boolean;
  featured: boolean;
  active: boolean;
  /** The IBAN the provider is paid on, in electronic form (no spaces). */
  iban: string | null;
  /** The SDI codice destinatario the commission invoices are addressed to (7 characters), or null. */
  sdi_code: string | null;
  /** The PEC the commission invoices are delivered to when there is no codice destinatario, or null. */
  pec: string | null;
}

export const PROVIDER_COLUMNS = columnsOf<ProviderRow>({
  ...SHARED_COLUMNS,
  business_name: 'text',
  professional_order: 'text',
  registration_number: 'text',
  address_lat: 'number',
  address_lng: 'number',
  description: 'text',
  specializations: 'array',
  certifications: 'json',
  service_areas: 'array',
  languages: 'array',
  experience_years: 'number',
  team_size: 'number',
  insurance_provider: 'text',
  insurance_coverage_amount: 'numeric',
  insurance_expiry_date: 'date',
  pricing_model: 'json',
  cancellation_policy: 'json',
  rating_average: 'numeric',
  reviews_count: 'number',
  completed_bookings: 'number',
  verified: 'boolean',
  featured: 'boolean',
  active: 'boolean',
  iban: 'text',
  sdi_code: 'text',
  pec: 'text',
});

/** The jsonb as written by seeds or older code may miss parts: those read as docs/product.md §3's defaults. */
function pricingModelOf(json: PricingModelJson | null): PricingModel {
  const rate = json?.base_rate;
  return {
    type: isOneOf(PRICING_TYPES, json?.type) ? json.type : 'hourly',
    baseRateCents: typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 ? toCents(rate) : null,
    currency: 'EUR',
  };
}

/** The policy as stored, missing or out-of-range parts read as docs/product.md §9's default (the booking lifecycle reads it too). */
export function cancellationPolicyOf(json: CancellationPolicyJson | null): CancellationPolicy {
  const d = DEFAULT_CANCELLATION_POLICY;
  return {
    type: isOneOf(CANCELLATION_TYPES, json?.type) ? json.type : d.type,
    hoursBefore: isIntegerIn(json?.hours_before, 0, MAX_CANCELLATION_HOURS) ? json.hours_before : d.hoursBefore,
    refundPercentage: isIntegerIn(json?.refund_percentage, 0, 100) ? json.refund_percentage : d.refundPercentage,
  };
}

export function toProviderProfile(row: ProviderRow): ProviderProfile {
  return {
    userId: row.user_id,
    businessName: row.business_name,
    vatNumber: row.vat_number,
    fiscalCode: row.fiscal_code,
    professionalOrder: row.professional_order,
    registrationNumber: row.registration_number,
    address: { ...addressOf(row), lat: row.address_lat, lng: row.address_lng },
    contactPerson: contactOf(row),
    phone: row.phone,
    website: row.website,
    description: row.description,
    specializations: row.specializations,
    certifications: row.certifications.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      issueDate: c.issue_date,
      expiryDate: c.expiry_date ?? null,
    })),
    serviceAreas: row.service_areas,
    languages: row.languages,
    experienceYears: row.experience_years,
    teamSize: row.team_size,
    insurance: {
      provider: row.insurance_provider,
      coverageAmountCents: row.insurance_coverage_amount === null ? null : toCents(row.insurance_coverage_amount),
      expiryDate: row.insurance_expiry_date,
    },
    pricingModel: pricingModelOf(row.pricing_model),
    cancellationPolicy: cancellationPolicyOf(row.cancellation_policy),
    ratingAverage: Number(row.rating_average),
    reviewsCount: row.reviews_count,
    completedBookings: row.completed_bookings,
    verified: row.verified,
    featured: row.featured,
    active: row.active,
    profileImage: row.profile_image,
    updatedAt: row.updated_at,
  };
}
