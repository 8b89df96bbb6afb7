import { db, type Trx } from '../db/knex.js';
import { fromCents } from '../lib/money.js';
import {
  PROVIDER_COLUMNS,
  toProviderProfile,
  type CancellationPolicy,
  type Certification,
  type CertificationJson,
  type Insurance,
  type PricingModel,
  type ProviderProfile,
  type ProviderRow,
} from './provider-profile-record.js';
import { addressColumns, updateProfile, type AddressChanges } from './profiles.repo.js';

// A provider's profile: reading it, creating it at registration, and the tabs only providers have.

export async function findProviderProfile(userId: string, trx?: Trx): Promise<ProviderProfile | null> {
  const row = await db(trx)('provider_profiles')
    .first<ProviderRow | undefined>(PROVIDER_COLUMNS)
    .where({ user_id: userId });
  return row ? toProviderProfile(row) : null;
}

/** Provider defaults of docs/product.md §4: not verified, not featured, active, no ratings (the column defaults). */
export async function insertProviderDefaults(userId: string, businessName: string, trx?: Trx): Promise<void> {
  await db(trx)('provider_profiles')
    .insert({ user_id: userId, business_name: businessName })
    .onConflict('user_id')
    .ignore();
}

export interface ProviderGeneralChanges {
  businessName: string;
  vatNumber: string;
  fiscalCode: string;
  description: string;
}

export interface ProviderProfessionalChanges {
  professionalOrder: string | null;
  registrationNumber: string | null;
  experienceYears: number;
  teamSize: number;
  certifications: Certification[];
  insurance: Insurance;
  pricingModel: PricingModel;
  cancellationPolicy: CancellationPolicy;
}

export interface ProviderServicesChanges {
  specializations: string[];
  serviceAreas: string[];
  languages: string[];
}

export async function updateProviderGeneral(userId: string, c: ProviderGeneralChanges, trx?: Trx): Promise<void> {
  await updateProfile(
    'provider_profiles',
    userId,
    { business_name: c.businessName, vat_number: c.vatNumber, fiscal_code: c.fiscalCode, description: c.description },
    trx,
  );
}

/** Providers also keep the coordinates of their municipality (distances in search). */
export async function updateProviderAddress(
  userId: string,
  a: AddressChanges & { lat: number | null; lng: number | null },
  trx?: Trx,
): Promise<void> {
  await updateProfile(
    'provider_profiles',
    userId,
    { ...addressColumns(a), address_lat: a.lat, address_lng: a.lng },
    trx,
  );
}

export async function updateProviderProfessional(
  userId: string,
  c: ProviderProfessionalChanges,
  trx?: Trx,
): Promise<void> {
  const certifications: CertificationJson[] = c.certifications.map((x) => ({
    name: x.name,
    issuer: x.issuer,
    number: x.number,
    issue_date: x.issueDate,
    expiry_date: x.expiryDate,
  }));
  await updateProfile(
    'provider_profiles',
    userId,
    {
      professional_order: c.professionalOrder,
      registration_number: c.registrationNumber,
      experience_years: c.experienceYears,
      team_size: c.teamSize,
      certifications: JSON.stringify(certifications),
      insurance_provider: c.insurance.provider,
      insurance_coverage_amount:
        c.insurance.coverageAmountCents === null ? null : fromCents(c.insurance.coverageAmountCents),
      insurance_expiry_date: c.insurance.expiryDate,
      pricing_model: JSON.stringify({
        type: c.pricingModel.type,
        base_rate: c.pricingModel.baseRateCents === null ? null : Number(fromCents(c.pricingModel.baseRateCents)),
        currency: c.pricingModel.currency,
      }),
      cancellation_policy: JSON.stringify({
        type: c.cancellationPolicy.type,
        hours_before: c.cancellationPolicy.hoursBefore,
        refund_percentage: c.cancellationPolicy.refundPercentage,
      }),
    },
    trx,
  );
}

export async function updateProviderServices(userId: string, c: ProviderServicesChanges, trx?: Trx): Promise<void> {
  await updateProfile(
    'provider_profiles',
    userId,
    { specializations: c.specializations, service_areas: c.serviceAreas, languages: c.languages },
    trx,
  );
}
