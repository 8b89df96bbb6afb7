import { db, type Trx } from '../db/knex.js';
import { toCents, fromCents } from '../lib/money.js';
import {
  CANCELLATION_TYPES,
  DEFAULT_CANCELLATION_POLICY,
  MAX_CANCELLATION_HOURS,
  PRICING_TYPES,
  type CancellationType,
  type PricingType,
} from '../lib/profile-options.js';

export interface Address {
  street: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  region: string | null;
  country: string;
}

export interface ContactPerson {
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
}

export type CompanySize = 'micro' | 'small' | 'medium' | 'large';

export interface ClientProfile {
  userId: string;
  companyName: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  address: Address;
  contactPerson: ContactPerson;
  companySize: CompanySize;
  industrySector: string | null;
  employeesCount: number;
  phone: string | null;
  website: string | null;
  certifications: string[];
  profileImage: string | null;
  updatedAt: Date;
}

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

/** SPEC §3 pricing_model {type hourly, base_rate, currency EUR}; the rate in cents (jsonb keeps euros). */
export interface PricingModel {
  type: PricingType;
  baseRateCents: number | null;
  currency: 'EUR';
}

/** SPEC §3 cancellation_policy {type flexible, hours_before 24, refund_percentage 100}. */
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

const SHARED_COLUMNS = [
  'user_id',
  'vat_number',
  'fiscal_code',
  'address_street',
  'address_city',
  'address_province',
  'address_postal_code',
  'address_region',
  'address_country',
  'contact_first_name',
  'contact_last_name',
  'contact_role',
  'contact_email',
  'contact_phone',
  'phone',
  'website',
  'certifications',
  'profile_image',
  'updated_at',
];

const CLIENT_COLUMNS = [...SHARED_COLUMNS, 'company_name', 'company_size', 'industry_sector', 'employees_count'];

const PROVIDER_COLUMNS = [
  ...SHARED_COLUMNS,
  'business_name',
  'professional_order',
  'registration_number',
  'address_lat',
  'address_lng',
  'description',
  'specializations',
  'service_areas',
  'languages',
  'experience_years',
  'team_size',
  'insurance_provider',
  'insurance_coverage_amount',
  'insurance_expiry_date',
  'pricing_model',
  'cancellation_policy',
  'rating_average',
  'reviews_count',
  'completed_bookings',
  'verified',
  'featured',
  'active',
];

interface SharedRow {
  user_id: string;
  vat_number: string | null;
  fiscal_code: string | null;
  address_street: string | null;
  address_city: string | null;
  address_province: string | null;
  address_postal_code: string | null;
  address_region: string | null;
  address_country: string;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_role: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  phone: string | null;
  website: string | null;
  profile_image: string | null;
  updated_at: Date;
}

interface ClientRow extends SharedRow {
  company_name: string;
  company_size: CompanySize;
  industry_sector: string | null;
  employees_count: number;
  certifications: string[];
}

interface CertificationJson {
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

interface ProviderRow extends SharedRow {
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
}

function addressOf(row: SharedRow): Address {
  return {
    street: row.address_street,
    city: row.address_city,
    province: row.address_province,
    postalCode: row.address_postal_code,
    region: row.address_region,
    country: row.address_country,
  };
}

function contactOf(row: SharedRow): ContactPerson {
  return {
    firstName: row.contact_first_name,
    lastName: row.contact_last_name,
    role: row.contact_role,
    email: row.contact_email,
    phone: row.contact_phone,
  };
}

function toClientProfile(row: ClientRow): ClientProfile {
  return {
    userId: row.user_id,
    companyName: row.company_name,
    vatNumber: row.vat_number,
    fiscalCode: row.fiscal_code,
    address: addressOf(row),
    contactPerson: contactOf(row),
    companySize: row.company_size,
    industrySector: row.industry_sector,
    employeesCount: row.employees_count,
    phone: row.phone,
    website: row.website,
    certifications: row.certifications,
    profileImage: row.profile_image,
    updatedAt: row.updated_at,
  };
}

const isIn = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);
const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The jsonb as written by seeds or older code may miss parts: those read as SPEC §3's defaults. */
function pricingModelOf(json: PricingModelJson | null): PricingModel {
  const rate = json?.base_rate;
  return {
    type: isIn(PRICING_TYPES, json?.type) ? json.type : 'hourly',
    baseRateCents: typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 ? toCents(rate) : null,
    currency: 'EUR',
  };
}

/** The policy as stored, missing or out-of-range parts read as SPEC §9's default (the booking lifecycle reads it too). */
export function cancellationPolicyOf(json: CancellationPolicyJson | null): CancellationPolicy {
  const d = DEFAULT_CANCELLATION_POLICY;
  return {
    type: isIn(CANCELLATION_TYPES, json?.type) ? json.type : d.type,
    hoursBefore: isIntegerIn(json?.hours_before, 0, MAX_CANCELLATION_HOURS) ? json.hours_before : d.hoursBefore,
    refundPercentage: isIntegerIn(json?.refund_percentage, 0, 100) ? json.refund_percentage : d.refundPercentage,
  };
}

function toProviderProfile(row: ProviderRow): ProviderProfile {
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

export async function findClientProfile(userId: string, trx?: Trx): Promise<ClientProfile | null> {
  const row = await db(trx)('client_profiles').first<ClientRow | undefined>(CLIENT_COLUMNS).where({ user_id: userId });
  return row ? toClientProfile(row) : null;
}

export async function findProviderProfile(userId: string, trx?: Trx): Promise<ProviderProfile | null> {
  const row = await db(trx)('provider_profiles')
    .first<ProviderRow | undefined>(PROVIDER_COLUMNS)
    .where({ user_id: userId });
  return row ? toProviderProfile(row) : null;
}

/** Creates the client profile with the defaults of SPEC §4 when it does not exist yet. */
export async function insertClientDefaults(userId: string, companyName: string, trx?: Trx): Promise<void> {
  await db(trx)('client_profiles')
    .insert({ user_id: userId, company_name: companyName })
    .onConflict('user_id')
    .ignore();
}

/** Provider defaults of SPEC §4: not verified, not featured, active, no ratings (the column defaults). */
export async function insertProviderDefaults(userId: string, businessName: string, trx?: Trx): Promise<void> {
  await db(trx)('provider_profiles')
    .insert({ user_id: userId, business_name: businessName })
    .onConflict('user_id')
    .ignore();
}

/** What a profile form may change. Nested values are flattened to their columns here and only here. */
export interface AddressChanges {
  street: string;
  city: string;
  province: string;
  postalCode: string;
  region: string;
}

export interface ContactChanges {
  contactPerson: { firstName: string; lastName: string; role: string; email: string; phone: string };
  phone: string;
  website: string | null;
}

export interface ClientGeneralChanges {
  companyName: string;
  vatNumber: string;
  fiscalCode: string;
  companySize: CompanySize;
  industrySector: string;
  employeesCount: number;
  certifications: string[];
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

type Columns = Record<string, unknown>;

function addressColumns(a: AddressChanges): Columns {
  return {
    address_street: a.street,
    address_city: a.city,
    address_province: a.province,
    address_postal_code: a.postalCode,
    address_region: a.region,
  };
}

function contactColumns(c: ContactChanges): Columns {
  return {
    contact_first_name: c.contactPerson.firstName,
    contact_last_name: c.contactPerson.lastName,
    contact_role: c.contactPerson.role,
    contact_email: c.contactPerson.email,
    contact_phone: c.contactPerson.phone,
    phone: c.phone,
    website: c.website,
  };
}

async function update(table: 'client_profiles' | 'provider_profiles', userId: string, columns: Columns, trx?: Trx) {
  await db(trx)(table)
    .where({ user_id: userId })
    .update({ ...columns, updated_at: db(trx).fn.now() });
}

export async function updateClientGeneral(userId: string, c: ClientGeneralChanges, trx?: Trx): Promise<void> {
  await update(
    'client_profiles',
    userId,
    {
      company_name: c.companyName,
      vat_number: c.vatNumber,
      fiscal_code: c.fiscalCode,
      company_size: c.companySize,
      industry_sector: c.industrySector,
      employees_count: c.employeesCount,
      certifications: c.certifications,
    },
    trx,
  );
}

export async function updateProviderGeneral(userId: string, c: ProviderGeneralChanges, trx?: Trx): Promise<void> {
  await update(
    'provider_profiles',
    userId,
    { business_name: c.businessName, vat_number: c.vatNumber, fiscal_code: c.fiscalCode, description: c.description },
    trx,
  );
}

export async function updateClientAddress(userId: string, a: AddressChanges, trx?: Trx): Promise<void> {
  await update('client_profiles', userId, addressColumns(a), trx);
}

/** Providers also keep the coordinates of their municipality (distances in search). */
export async function updateProviderAddress(
  userId: string,
  a: AddressChanges & { lat: number | null; lng: number | null },
  trx?: Trx,
): Promise<void> {
  await update('provider_profiles', userId, { ...addressColumns(a), address_lat: a.lat, address_lng: a.lng }, trx);
}

export async function updateContacts(
  table: 'client' | 'provider',
  userId: string,
  c: ContactChanges,
  trx?: Trx,
): Promise<void> {
  await update(table === 'client' ? 'client_profiles' : 'provider_profiles', userId, contactColumns(c), trx);
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
  await update(
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
  await update(
    'provider_profiles',
    userId,
    { specializations: c.specializations, service_areas: c.serviceAreas, languages: c.languages },
    trx,
  );
}

/** Sets (or clears) the profile image URL; returns the previous one so its files can be deleted. */
export async function setProfileImage(
  table: 'client' | 'provider',
  userId: string,
  url: string | null,
  trx?: Trx,
): Promise<string | null> {
  const name = table === 'client' ? 'client_profiles' : 'provider_profiles';
  const { rows } = await db(trx).raw<{ rows: { previous: string | null }[] }>(
    `UPDATE ${name} AS p SET profile_image = ?, updated_at = now()
     FROM (SELECT user_id, profile_image AS previous FROM ${name} WHERE user_id = ? FOR UPDATE) AS old
     WHERE p.user_id = old.user_id
     RETURNING old.previous`,
    [url, userId],
  );
  return rows[0]?.previous ?? null;
}

export interface TaxIds {
  vatNumber: string | null;
  fiscalCode: string | null;
}

/** Which of these tax ids another profile of the same kind holds (what the unique indexes would refuse). */
export async function taxIdsHeldByOthers(
  kind: 'client' | 'provider',
  userId: string,
  ids: TaxIds,
  trx?: Trx,
): Promise<('vat_number' | 'fiscal_code')[]> {
  if (ids.vatNumber === null && ids.fiscalCode === null) return [];
  const rows = await db(trx)(kind === 'client' ? 'client_profiles' : 'provider_profiles')
    .select<{ vat_number: string | null; fiscal_code: string | null }[]>('vat_number', 'fiscal_code')
    .whereNot({ user_id: userId })
    .where((q) => {
      if (ids.vatNumber !== null) q.orWhere({ vat_number: ids.vatNumber });
      if (ids.fiscalCode !== null) q.orWhere({ fiscal_code: ids.fiscalCode });
    });
  const taken: ('vat_number' | 'fiscal_code')[] = [];
  if (ids.vatNumber !== null && rows.some((r) => r.vat_number === ids.vatNumber)) taken.push('vat_number');
  if (ids.fiscalCode !== null && rows.some((r) => r.fiscal_code === ids.fiscalCode)) taken.push('fiscal_code');
  return taken;
}
