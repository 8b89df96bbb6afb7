import { t } from '../config/i18n.js';
import { isValidCodiceFiscale, isValidPartitaIva } from '../lib/italian-tax-ids.js';
import {
  CANCELLATION_TYPES,
  COMPANY_SIZES,
  INDUSTRY_SECTORS,
  MAX_CERTIFICATIONS,
  MAX_CANCELLATION_HOURS,
  MAX_CLIENT_CERTIFICATIONS,
  PRICING_TYPES,
  PROFILE_LANGUAGES,
  REGIONS,
  SPECIALIZATIONS,
  type CancellationType,
  type PricingType,
} from '../lib/profile-options.js';
import type {
  AddressChanges,
  Certification,
  ClientGeneralChanges,
  CompanySize,
  ContactChanges,
  ProviderGeneralChanges,
  ProviderProfessionalChanges,
  ProviderServicesChanges,
} from '../models/profiles.repo.js';
import { validate, type FormErrors, type Validated } from './validate.js';
import { asList, emailField, Joi, optionalText, phoneField, requiredText } from './fields.js';

/**
 * The profile forms of SPEC §3/§5, one per tab. Field names follow SPEC §3 (snake_case, nested with
 * brackets: address[city]); each schema's result is mapped to the repository's change set.
 */

const V = 'validation:profile';

const vatNumber = Joi.string()
  .trim()
  .replace(/[\s.]/g, '')
  .replace(/^IT/i, '')
  .required()
  .custom((value: string, helpers) => (isValidPartitaIva(value) ? value : helpers.error('any.invalid')))
  .messages({
    'any.required': `${V}.vatNumberRequired`,
    'string.empty': `${V}.vatNumberRequired`,
    'any.invalid': `${V}.vatNumberInvalid`,
  });

const fiscalCode = Joi.string()
  .trim()
  .uppercase()
  .replace(/\s/g, '')
  .required()
  .custom((value: string, helpers) => (isValidCodiceFiscale(value) ? value : helpers.error('any.invalid')))
  .messages({
    'any.required': `${V}.fiscalCodeRequired`,
    'string.empty': `${V}.fiscalCodeRequired`,
    'any.invalid': `${V}.fiscalCodeInvalid`,
  });

/** www.esempio.it is accepted and saved as https://www.esempio.it. */
const website = Joi.string()
  .trim()
  .max(300)
  .empty('')
  .default(null)
  .custom((value: string, helpers) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if (!['http:', 'https:'].includes(url.protocol) || !/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname)) throw new Error();
      return url.toString();
    } catch {
      return helpers.error('any.invalid');
    }
  })
  .messages({ 'any.invalid': `${V}.websiteInvalid`, 'string.max': `${V}.websiteInvalid` });

function positiveInteger(min: number, requiredKey: string, minKey: string, invalidKey = minKey): Joi.NumberSchema {
  return Joi.number().empty('').integer().min(min).max(1_000_000).required().messages({
    'any.required': requiredKey,
    'number.base': invalidKey,
    'number.integer': invalidKey,
    'number.min': minKey,
    'number.max': invalidKey,
    'number.unsafe': invalidKey,
  });
}

/** One message for a choice that is missing, empty or not in the list. */
const allMessages = (key: string): Record<string, string> => ({
  'any.required': key,
  'any.only': key,
  'string.empty': key,
  'string.base': key,
});

/** A nested object of the form, whatever was posted in its place. */
const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

// ---------------------------------------------------------------------------------------------- general

interface ClientGeneralForm {
  company_name: string;
  vat_number: string;
  fiscal_code: string;
  company_size: CompanySize;
  industry_sector: string;
  employees_count: number;
  certifications: string[];
}

const clientGeneralSchema = Joi.object<ClientGeneralForm>({
  company_name: requiredText(200, `${V}.companyNameRequired`),
  vat_number: vatNumber,
  fiscal_code: fiscalCode,
  company_size: Joi.string()
    .valid(...COMPANY_SIZES)
    .required()
    .messages(allMessages(`${V}.companySizeRequired`)),
  industry_sector: Joi.string()
    .valid(...INDUSTRY_SECTORS)
    .required()
    .messages(allMessages(`${V}.industrySectorRequired`)),
  employees_count: positiveInteger(1, `${V}.employeesCountRequired`, `${V}.employeesCountMin`),
  certifications: Joi.array()
    .items(Joi.string().max(100).messages({ 'string.max': `${V}.certificationTooLong` }))
    .max(MAX_CLIENT_CERTIFICATIONS)
    .messages({ 'array.max': `${V}.certificationsTooMany` }),
});

/** One certification a line; blank lines and repeats dropped. */
function lines(value: unknown): string[] {
  const text = typeof value === 'string' ? value : asList(value).join('\n');
  return [...new Set(text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean))];
}

export function validateClientGeneral(body: Record<string, unknown>): Validated<ClientGeneralChanges> {
  const result = validate(clientGeneralSchema, { ...body, certifications: lines(body.certifications) });
  if (!result.ok) {
    // One message for the whole textarea, whichever line it is about.
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(result.errors)) errors[path.split('.')[0]!] ??= message;
    return { ok: false, errors, value: { ...result.value, certifications: body.certifications } };
  }
  const v = result.value;
  return {
    ok: true,
    value: {
      companyName: v.company_name,
      vatNumber: v.vat_number,
      fiscalCode: v.fiscal_code,
      companySize: v.company_size,
      industrySector: v.industry_sector,
      employeesCount: v.employees_count,
      certifications: v.certifications,
    },
  };
}

interface ProviderGeneralForm {
  business_name: string;
  vat_number: string;
  fiscal_code: string;
  description: string;
}

const providerGeneralSchema = Joi.object<ProviderGeneralForm>({
  business_name: requiredText(200, `${V}.businessNameRequired`),
  vat_number: vatNumber,
  fiscal_code: fiscalCode,
  description: requiredText(4000, `${V}.descriptionRequired`, { lines: true }),
});

export function validateProviderGeneral(body: Record<string, unknown>): Validated<ProviderGeneralChanges> {
  const result = validate(providerGeneralSchema, body);
  if (!result.ok) return result;
  const v = result.value;
  return {
    ok: true,
    value: { businessName: v.business_name, vatNumber: v.vat_number, fiscalCode: v.fiscal_code, description: v.description },
  };
}

// ---------------------------------------------------------------------------------------------- address

interface AddressForm {
  address: { street: string; city: string; province: string; postal_code: string; region: string };
}

const addressSchema = Joi.object<AddressForm>({
  address: Joi.object({
    street: requiredText(200, `${V}.streetRequired`),
    city: requiredText(100, `${V}.cityRequired`),
    province: Joi.string()
      .trim()
      .uppercase()
      .pattern(/^[A-Z]{2}$/)
      .required()
      .messages({
        'any.required': `${V}.provinceRequired`,
        'string.empty': `${V}.provinceRequired`,
        'string.pattern.base': `${V}.provinceInvalid`,
      }),
    postal_code: Joi.string()
      .trim()
      .pattern(/^\d{5}$/)
      .required()
      .messages({
        'any.required': `${V}.postalCodeRequired`,
        'string.empty': `${V}.postalCodeRequired`,
        'string.pattern.base': `${V}.postalCodeInvalid`,
      }),
    region: Joi.string()
      .trim()
      .empty('')
      .valid(...REGIONS)
      .required()
      .messages({
        'any.required': `${V}.regionRequired`,
        'string.empty': `${V}.regionRequired`,
        'any.only': `${V}.regionInvalid`,
      }),
  })
    .required()
    .default({}),
});

export type AddressValidation =
  | { ok: true; value: AddressChanges }
  | { ok: false; value: Record<string, unknown>; errors: FormErrors; passed: Partial<AddressChanges> };

/**
 * The form checks; the gazetteer checks (province, city, CAP) follow in profiles.service. On failure,
 * `passed` holds the fields that met their rule, so that the gazetteer checks them in the same submit.
 */
export function validateAddress(body: Record<string, unknown>): AddressValidation {
  const result = validate(addressSchema, { address: objectOf(body.address) });
  const a = (result.value as Partial<AddressForm>).address ?? ({} as Partial<AddressForm['address']>);
  const value = { street: a.street, city: a.city, province: a.province, postalCode: a.postal_code, region: a.region };
  if (result.ok) return { ok: true, value: value as AddressChanges };
  const passed: Partial<AddressChanges> = {};
  for (const [key, field] of Object.entries({ street: 'street', city: 'city', province: 'province', postalCode: 'postal_code', region: 'region' })) {
    const part = value[key as keyof AddressChanges];
    if (!(`address.${field}` in result.errors) && typeof part === 'string') passed[key as keyof AddressChanges] = part;
  }
  return { ...result, passed };
}

// --------------------------------------------------------------------------------------------- contacts

interface ContactsForm {
  contact_person: { first_name: string; last_name: string; role: string; email: string; phone: string };
  phone: string;
  website: string | null;
}

const contactsSchema = Joi.object<ContactsForm>({
  contact_person: Joi.object({
    first_name: requiredText(100, `${V}.contactFirstNameRequired`),
    last_name: requiredText(100, `${V}.contactLastNameRequired`),
    role: requiredText(100, `${V}.contactRoleRequired`),
    email: emailField(`${V}.contactEmailRequired`, `${V}.contactEmailInvalid`),
    phone: phoneField(`${V}.phoneRequired`, `${V}.phoneInvalid`),
  }).required(),
  phone: phoneField(`${V}.phoneRequired`, `${V}.phoneInvalid`),
  website,
});

export function validateContacts(body: Record<string, unknown>): Validated<ContactChanges> {
  const result = validate(contactsSchema, {
    ...body,
    contact_person: typeof body.contact_person === 'object' ? body.contact_person : {},
  });
  if (!result.ok) return result;
  const v = result.value;
  return {
    ok: true,
    value: {
      contactPerson: {
        firstName: v.contact_person.first_name,
        lastName: v.contact_person.last_name,
        role: v.contact_person.role,
        email: v.contact_person.email,
        phone: v.contact_person.phone,
      },
      phone: v.phone,
      website: v.website,
    },
  };
}

// ----------------------------------------------------------------------------------------- professional

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const dateField = (requiredKey: string | null): Joi.StringSchema => {
  const base = Joi.string()
    .trim()
    .custom((value: string, helpers) => (isRealDate(value) ? value : helpers.error('any.invalid')))
    .messages({ 'any.invalid': `${V}.dateInvalid`, 'string.base': `${V}.dateInvalid` });
  if (requiredKey) return base.required().messages({ 'any.required': requiredKey, 'string.empty': requiredKey });
  return base.empty('').default(null) as Joi.StringSchema;
};

interface CertificationRow {
  name: string;
  issuer: string;
  number: string;
  issue_date: string;
  expiry_date: string | null;
}

const certificationRowSchema = Joi.object<CertificationRow>({
  name: requiredText(120, `${V}.certificationNameRequired`),
  issuer: requiredText(120, `${V}.certificationIssuerRequired`),
  number: requiredText(60, `${V}.certificationNumberRequired`),
  issue_date: dateField(`${V}.certificationIssueDateRequired`),
  expiry_date: dateField(null),
});

interface ProfessionalForm {
  professional_order: string | null;
  registration_number: string | null;
  experience_years: number;
  team_size: number;
  insurance: { provider: string | null; coverage_amount: string | null; expiry_date: string | null };
  pricing_model: { type: PricingType; base_rate: string | null };
  cancellation_policy: { type: CancellationType; hours_before: number; refund_percentage: number };
}

function integerBetween(min: number, max: number, requiredKey: string, invalidKey: string): Joi.NumberSchema {
  return Joi.number().empty('').integer().min(min).max(max).required().messages({
    'any.required': requiredKey,
    'number.base': invalidKey,
    'number.integer': invalidKey,
    'number.min': invalidKey,
    'number.max': invalidKey,
    'number.unsafe': invalidKey,
  });
}

const professionalSchema = Joi.object<ProfessionalForm>({
  professional_order: optionalText(150),
  registration_number: optionalText(60),
  experience_years: positiveInteger(0, `${V}.experienceYearsRequired`, `${V}.experienceYearsInvalid`),
  team_size: positiveInteger(1, `${V}.teamSizeRequired`, `${V}.teamSizeMin`),
  insurance: Joi.object({
    provider: optionalText(150),
    coverage_amount: optionalText(30),
    expiry_date: dateField(null),
  }).default({}),
  pricing_model: Joi.object({
    type: Joi.string()
      .valid(...PRICING_TYPES)
      .required()
      .messages(allMessages(`${V}.pricingTypeRequired`)),
    base_rate: optionalText(30),
  }).default({}),
  cancellation_policy: Joi.object({
    type: Joi.string()
      .valid(...CANCELLATION_TYPES)
      .required()
      .messages(allMessages(`${V}.cancellationTypeRequired`)),
    hours_before: integerBetween(0, MAX_CANCELLATION_HOURS, `${V}.cancellationHoursRequired`, `${V}.cancellationHoursInvalid`),
    refund_percentage: integerBetween(0, 100, `${V}.refundPercentageRequired`, `${V}.refundPercentageInvalid`),
  }).default({}),
});

/** "1.000.000", "250000,50", "€ 1 000 000" -> cents; null when it is not an amount. */
export function parseEuroAmount(text: string): number | null {
  let s = text.replace(/[€\s]/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const CERTIFICATION_KEYS = ['name', 'issuer', 'number', 'issue_date', 'expiry_date'] as const;

/** The certification rows as submitted (for re-rendering), each a record of strings. */
export function certificationRows(value: unknown): Record<string, string>[] {
  return asList(value)
    .slice(0, MAX_CERTIFICATIONS)
    .map((row) => {
      const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      const out: Record<string, string> = {};
      for (const key of [...CERTIFICATION_KEYS, 'remove']) out[key] = typeof r[key] === 'string' ? (r[key] as string) : '';
      return out;
    });
}

const isBlankRow = (row: Record<string, string>): boolean => CERTIFICATION_KEYS.every((k) => !row[k]?.trim());

/**
 * The rules that compare fields (dates of a certification, the parts of the insurance, the amounts)
 * run on every field that passed its own rule, whatever happened to the others, so that one submit
 * shows every error of the form.
 */
export function validateProviderProfessional(
  body: Record<string, unknown>,
  today: string,
): Validated<ProviderProfessionalChanges> {
  const rows = certificationRows(body.certifications);
  const main = validate(professionalSchema, {
    ...body,
    insurance: objectOf(body.insurance),
    pricing_model: objectOf(body.pricing_model),
    cancellation_policy: objectOf(body.cancellation_policy),
  });
  const errors: FormErrors = main.ok ? {} : { ...main.errors };
  // Joi returns the converted value of every field, including beside failed ones.
  const form = main.value as ProfessionalForm;
  const passed = (path: string): boolean => !(path in errors);

  const certifications: Certification[] = [];
  rows.forEach((row, i) => {
    if (row.remove || isBlankRow(row)) return;
    const checked = validate(certificationRowSchema, row);
    const c = checked.value as CertificationRow;
    const p = `certifications.${i}`;
    if (!checked.ok) for (const [path, message] of Object.entries(checked.errors)) errors[`${p}.${path}`] = message;
    const issueOk = checked.ok || !('issue_date' in checked.errors);
    const expiryOk = checked.ok || !('expiry_date' in checked.errors);
    if (issueOk && c.issue_date > today) errors[`${p}.issue_date`] = t(`${V}.issueDateInFuture`);
    else if (issueOk && expiryOk && c.expiry_date && c.expiry_date <= c.issue_date) errors[`${p}.expiry_date`] = t(`${V}.expiryBeforeIssue`);
    if (checked.ok) certifications.push({ name: c.name, issuer: c.issuer, number: c.number, issueDate: c.issue_date, expiryDate: c.expiry_date });
  });

  const ins = form.insurance;
  let coverageAmountCents: number | null = null;
  if (passed('insurance.coverage_amount') && ins.coverage_amount !== null) {
    coverageAmountCents = parseEuroAmount(ins.coverage_amount);
    if (coverageAmountCents === null) errors['insurance.coverage_amount'] = t(`${V}.insuranceAmountInvalid`);
  }
  // A field that failed its own rule was filled in.
  const given = (path: string, value: unknown): boolean => !passed(path) || value !== null;
  const anyInsurance =
    given('insurance.provider', ins.provider) ||
    given('insurance.coverage_amount', ins.coverage_amount) ||
    given('insurance.expiry_date', ins.expiry_date);
  if (anyInsurance && passed('insurance.provider') && ins.provider === null) {
    errors['insurance.provider'] = t(`${V}.insuranceProviderRequired`);
  }
  if (anyInsurance && passed('insurance.coverage_amount') && ins.coverage_amount === null) {
    errors['insurance.coverage_amount'] = t(`${V}.insuranceAmountRequired`);
  }

  let baseRateCents: number | null = null;
  const rate = form.pricing_model.base_rate;
  if (passed('pricing_model.base_rate') && rate !== null) {
    baseRateCents = parseEuroAmount(rate);
    if (baseRateCents === null) {
      errors['pricing_model.base_rate'] = t(rate.trim().startsWith('-') ? `${V}.baseRateNegative` : `${V}.baseRateInvalid`);
    }
  }

  if (Object.keys(errors).length) {
    return { ok: false, value: { ...body, certifications: rows }, errors };
  }
  const v = form;
  return {
    ok: true,
    value: {
      professionalOrder: v.professional_order,
      registrationNumber: v.registration_number,
      experienceYears: v.experience_years,
      teamSize: v.team_size,
      certifications,
      insurance: { provider: ins.provider, coverageAmountCents, expiryDate: ins.expiry_date },
      pricingModel: { type: v.pricing_model.type, baseRateCents, currency: 'EUR' },
      cancellationPolicy: {
        type: v.cancellation_policy.type,
        hoursBefore: v.cancellation_policy.hours_before,
        refundPercentage: v.cancellation_policy.refund_percentage,
      },
    },
  };
}

// ------------------------------------------------------------------------------------- services tab

/** Service areas are municipalities (search matches the city a client looks in); at most this many. */
export const MAX_SERVICE_AREAS = 60;

/** "Bergamo, Treviglio (BG)\nMilano" -> ['Bergamo', 'Treviglio', 'Milano']. */
export function placeNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/[,;\n]+/)
    .map((n) => n.replace(/\s*\([A-Za-z]{2}\)\s*$/, '').trim())
    .filter(Boolean);
}

/**
 * Specializations and languages: checkbox lists of SPEC §9. Service areas: the checked municipalities
 * plus those typed in `service_areas_add`; the gazetteer check follows in profiles.service. Values already
 * saved that are not in today's lists (older data) stay allowed, so saving never drops them silently.
 */
export function validateProviderServices(
  body: Record<string, unknown>,
  saved: { specializations: string[]; languages: string[] },
): Validated<ProviderServicesChanges> {
  const list = (allowed: readonly string[], extra: string[], requiredKey: string) =>
    Joi.array()
      .items(Joi.string().valid(...allowed, ...extra))
      .min(1)
      .unique()
      .required()
      .messages({ 'array.min': requiredKey, 'any.required': requiredKey, 'any.only': 'validation:invalid' });
  const schema = Joi.object<ProviderServicesChanges>({
    specializations: list(SPECIALIZATIONS, saved.specializations, `${V}.specializationsRequired`),
    serviceAreas: Joi.array()
      .items(Joi.string().trim().max(100).messages({ 'string.max': `${V}.serviceAreaTooLong` }))
      .min(1)
      .max(MAX_SERVICE_AREAS)
      .required()
      .messages({
        'array.min': `${V}.serviceAreasRequired`,
        'any.required': `${V}.serviceAreasRequired`,
        'array.max': `${V}.serviceAreasTooMany`,
      }),
    languages: list(PROFILE_LANGUAGES, saved.languages, `${V}.languagesRequired`),
  });
  const areas = [...asList(body.service_areas), ...placeNames(body.service_areas_add)].filter(
    (x): x is string => typeof x === 'string' && x.trim() !== '',
  );
  const seen = new Set<string>();
  const input = {
    specializations: asList(body.specializations),
    serviceAreas: areas.filter((a) => !seen.has(a.trim().toLowerCase()) && seen.add(a.trim().toLowerCase())),
    languages: asList(body.languages),
  };
  const result = validate(schema, input);
  if (result.ok) return result;
  // Errors keyed by the form's field names, one per list; a bad name typed in the box is shown beside it.
  const rename: Record<string, string> = { serviceAreas: 'service_areas' };
  const typed = new Set(placeNames(body.service_areas_add));
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(result.errors)) {
    const [head, index] = path.split('.');
    const area = head === 'serviceAreas' && index !== undefined ? input.serviceAreas[Number(index)] : undefined;
    errors[area !== undefined && typed.has(area) ? 'service_areas_add' : (rename[head!] ?? head!)] ??= message;
  }
  return { ok: false, value: { ...body, ...input, service_areas: asList(body.service_areas) }, errors };
}
