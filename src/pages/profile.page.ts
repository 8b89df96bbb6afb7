import { t } from '../config/i18n.js';
import {
  CANCELLATION_TYPES,
  CERTIFICATION_SUGGESTIONS,
  COMPANY_SIZES,
  INDUSTRY_SECTORS,
  MAX_CANCELLATION_HOURS,
  MAX_CERTIFICATIONS,
  PRICING_TYPES,
  PROFILE_LANGUAGES,
  REGIONS,
  SPECIALIZATIONS,
} from '../lib/profile-options.js';
import { sectionsFor, type Section } from '../lib/profile-sections.js';
import { PROFILE_IMAGE_MAX_BYTES } from '../lib/upload-limits.js';
import type { OwnProfile, ProfileProblem, ProvinceOption } from '../services/profiles.service.js';
import type { HoursProblem } from '../services/opening-hours.service.js';
import type { FieldProblems } from '../lib/problem.js';
import { INVOICING_CHANNELS } from '../lib/payment-options.js';
import type { Billing } from '../services/invoicing.service.js';
import { formatIban } from './booking-money.page.js';
import { certificationRows } from '../validators/profile/professional.validator.js';
import type { FormErrors } from '../validators/validate.js';
import type { HoursTabView } from './opening-hours.page.js';
import { PROFILE_PROBLEMS } from './profile-problems.js';
import { formErrors } from './problems.js';

/** The profile page (views/profile/show.ejs): one tab of the signed-in user's profile and its form. */

/** What a re-render after a submit shows: the values typed, their errors, a banner. */
export interface ProfilePageState {
  status?: number;
  values?: Record<string, unknown>;
  errors?: FormErrors;
  /** What the service found beyond the form's rules, beside its field. */
  problems?: FieldProblems<ProfileProblem | HoursProblem>;
  alert?: { type: 'error' | 'success'; title: string; message?: string } | null;
  extraRow?: boolean;
}

/** The data the page shows beside the profile: reference lists and the image's thumbnail. */
export interface ProfileData {
  own: OwnProfile;
  provinces: ProvinceOption[];
  /** The municipalities suggested for the address tab's province (empty on other tabs). */
  cities: string[];
  thumbnailUrl: string | null;
  today: string;
  /** The "Fatturazione" tab's saved data. */
  billing: Billing;
  /** The "Orari e chiusure" tab (providers, on that tab only). */
  hours?: HoursTabView | null;
  /** The "Verifica" section of the account, for a provider's member who may ask for the badge. */
  verificationHref?: string | null;
}

type Choice = { value: string; label: string };

export interface ProfileView {
  title: string;
  noindex: true;
  kind: OwnProfile['kind'];
  tab: Section;
  tabLabel: string;
  sections: { key: Section; label: string; href: string }[];
  name: string;
  verified: boolean;
  verificationHref: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  values: Record<string, unknown>;
  errors: FormErrors;
  alert: ProfilePageState['alert'];
  certificationRows: Record<string, string>[];
  maxCertifications: number;
  maxImageMb: number;
  today: string;
  hours: HoursTabView | null;
  options: {
    companySizes: Choice[];
    sectors: Choice[];
    provinces: (Choice & { region: string })[];
    regions: Choice[];
    cities: string[];
    specializations: readonly string[];
    languages: readonly string[];
    certificationSuggestions: readonly string[];
    pricingTypes: Choice[];
    cancellationTypes: Choice[];
    maxCancellationHours: number;
    invoicingChannels: Choice[];
  };
}

/** The values a form shows: those submitted (with their errors), else the saved ones. */
export function profileValues(own: OwnProfile, state: ProfilePageState): Record<string, unknown> {
  return state.values ?? formValuesOf(own);
}

/** One tab of the profile page: saved values, or the submitted ones with their errors. */
export function profilePage(tab: Section, data: ProfileData, state: ProfilePageState = {}): ProfileView {
  const { own } = data;
  const values = state.values ?? { ...formValuesOf(own), ...billingValuesOf(data.billing) };
  const rows = certificationRows(values.certifications);
  if (rows.length < MAX_CERTIFICATIONS && (state.extraRow || rows.length === 0 || !state.values)) {
    rows.push({ name: '', issuer: '', number: '', issue_date: '', expiry_date: '', remove: '' });
  }
  const sectionLabel = (key: Section): string =>
    t(key === 'address' && own.kind === 'client' ? 'profile:tabs.legalAddress' : `profile:tabs.${key}`);
  return {
    title: t('profile:title'),
    noindex: true,
    kind: own.kind,
    tab,
    tabLabel: sectionLabel(tab),
    sections: sectionsFor(own.kind).map((key) => ({ key, label: sectionLabel(key), href: `/profile?tab=${key}` })),
    name: own.kind === 'client' ? own.profile.companyName : own.profile.businessName,
    verified: own.kind === 'provider' && own.profile.verified,
    verificationHref: data.verificationHref ?? null,
    imageUrl: own.profile.profileImage,
    thumbnailUrl: data.thumbnailUrl,
    values,
    errors: formErrors(state.problems, PROFILE_PROBLEMS, state.errors),
    alert: state.alert ?? null,
    certificationRows: rows,
    maxCertifications: MAX_CERTIFICATIONS,
    maxImageMb: PROFILE_IMAGE_MAX_BYTES / (1024 * 1024),
    today: data.today,
    hours: data.hours ?? null,
    options: {
      companySizes: COMPANY_SIZES.map((value) => ({ value, label: t(`profile:companySizes.${value}`) })),
      sectors: INDUSTRY_SECTORS.map((value) => ({ value, label: value })),
      provinces: data.provinces.map((p) => ({ value: p.code, label: `${p.name} (${p.code})`, region: p.region })),
      regions: REGIONS.map((value) => ({ value, label: value })),
      cities: data.cities,
      specializations: SPECIALIZATIONS,
      languages: PROFILE_LANGUAGES,
      certificationSuggestions: CERTIFICATION_SUGGESTIONS,
      pricingTypes: PRICING_TYPES.map((value) => ({ value, label: t(`profile:pricingTypes.${value}`) })),
      cancellationTypes: CANCELLATION_TYPES.map((value) => ({ value, label: t(`profile:cancellationTypes.${value}`) })),
      maxCancellationHours: MAX_CANCELLATION_HOURS,
      invoicingChannels: INVOICING_CHANNELS.map((value) => ({ value, label: t(`profile:billing.channels.${value}`) })),
    },
  };
}

/** The saved profile as the forms show it: the same field names the forms submit (docs/product.md §3 names). */
function formValuesOf(own: OwnProfile): Record<string, unknown> {
  const p = own.profile;
  const shared = {
    vat_number: p.vatNumber ?? '',
    fiscal_code: p.fiscalCode ?? '',
    address: {
      street: p.address.street ?? '',
      city: p.address.city ?? '',
      province: p.address.province ?? '',
      postal_code: p.address.postalCode ?? '',
      region: p.address.region ?? '',
      country: p.address.country,
    },
    contact_person: {
      first_name: p.contactPerson.firstName ?? '',
      last_name: p.contactPerson.lastName ?? '',
      role: p.contactPerson.role ?? '',
      email: p.contactPerson.email ?? '',
      phone: p.contactPerson.phone ?? '',
    },
    phone: p.phone ?? '',
    website: p.website ?? '',
  };
  if (own.kind === 'client') {
    const c = own.profile;
    return {
      ...shared,
      company_name: c.companyName,
      company_size: c.companySize,
      industry_sector: c.industrySector ?? '',
      employees_count: c.employeesCount ?? '',
      rls_collective_hours: c.rlsCollectiveHours === null ? '' : String(c.rlsCollectiveHours).replace('.', ','),
      certifications: c.certifications.join('\n'),
    };
  }
  const v = own.profile;
  return {
    ...shared,
    business_name: v.businessName,
    description: v.description ?? '',
    professional_order: v.professionalOrder ?? '',
    registration_number: v.registrationNumber ?? '',
    experience_years: v.experienceYears ?? '',
    team_size: v.teamSize,
    certifications: v.certifications.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      issue_date: c.issueDate,
      expiry_date: c.expiryDate ?? '',
    })),
    insurance: {
      provider: v.insurance.provider ?? '',
      coverage_amount: v.insurance.coverageAmountCents === null ? '' : formatAmount(v.insurance.coverageAmountCents),
      expiry_date: v.insurance.expiryDate ?? '',
    },
    pricing_model: {
      type: v.pricingModel.type,
      base_rate: v.pricingModel.baseRateCents === null ? '' : formatAmount(v.pricingModel.baseRateCents),
    },
    cancellation_policy: {
      type: v.cancellationPolicy.type,
      hours_before: v.cancellationPolicy.hoursBefore,
      refund_percentage: v.cancellationPolicy.refundPercentage,
    },
    specializations: v.specializations,
    service_areas: v.serviceAreas,
    languages: v.languages,
  };
}

/** The "Fatturazione" tab's fields as the form names them; the IBAN in groups of four, as people read it. */
function billingValuesOf(billing: Billing): Record<string, unknown> {
  if (billing.kind === 'provider')
    return {
      iban: billing.iban ? formatIban(billing.iban) : '',
      sdi_code: billing.sdiCode ?? '',
      pec: billing.pec ?? '',
    };
  const i = billing.invoicing;
  return { invoicing_channel: i.channel ?? '', sdi_code: i.sdiCode ?? '', pec: i.pec ?? '' };
}

/** 100000000 cents -> "1000000", 25000050 -> "250000,50" (how the form accepts it back). */
function formatAmount(cents: number): string {
  const whole = Math.floor(cents / 100);
  const frac = cents % 100;
  return frac ? `${whole},${String(frac).padStart(2, '0')}` : String(whole);
}
