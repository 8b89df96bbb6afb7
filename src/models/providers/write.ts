import { names, pick } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { fromCents } from '../../lib/money.js';
import { addressColumns, updateProfile, type AddressChanges } from '../profiles/write.js';
import { CARD_KEYS, toProviderCard, type ProviderCard, type ProviderCardRow } from './public.js';
import {
  PROVIDER_COLUMNS,
  type CancellationPolicy,
  type Certification,
  type CertificationJson,
  type Insurance,
  type PricingModel,
} from './row.js';

// Writing a provider's profile: created at registration, its tabs, the admin's verification, the counters.

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

/** One more completed booking on the provider's profile (shown on their page). */
export async function incrementCompletedBookings(providerId: string, trx: Trx): Promise<void> {
  await trx('provider_profiles').where({ user_id: providerId }).increment('completed_bookings', 1);
}

/** The "Fatturazione" tab of a provider: the IBAN, and the codice destinatario and PEC (null: none). */
export async function updateProviderBilling(
  userId: string,
  billing: { iban: string; sdiCode: string | null; pec: string | null },
  trx?: Trx,
): Promise<void> {
  await updateProfile(
    'provider_profiles',
    userId,
    { iban: billing.iban, sdi_code: billing.sdiCode, pec: billing.pec },
    trx,
  );
}

/** Marks a provider verified (an admin decision: see `npm run provider:verify`). */
/** Whether a provider profile has the badge, locked until the transaction ends; undefined without a profile. */
export async function lockVerified(userId: string, trx: Trx): Promise<{ verified: boolean } | undefined> {
  return trx('provider_profiles')
    .where({ user_id: userId })
    .forUpdate()
    .first<{ verified: boolean } | undefined>('verified');
}

export async function setVerified(userId: string, verified: boolean, trx?: Trx): Promise<ProviderCard | null> {
  const [row] = await db(trx)('provider_profiles')
    .where({ user_id: userId })
    .update({ verified, updated_at: db(trx).fn.now() })
    .returning<ProviderCardRow[]>(names(pick(PROVIDER_COLUMNS, CARD_KEYS)));
  return row ? toProviderCard(row) : null;
}
