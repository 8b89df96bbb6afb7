import { t } from '../../config/i18n.js';
import { parseEuroAmount } from '../../lib/euro-amount.js';
import {
  CANCELLATION_TYPES,
  MAX_CANCELLATION_HOURS,
  MAX_CERTIFICATIONS,
  PRICING_TYPES,
  type CancellationType,
  type PricingType,
} from '../../lib/profile-options.js';
import type { Certification } from '../../models/providers/row.js';
import type { ProviderProfessionalChanges } from '../../models/providers/write.js';
import { asList, Joi, optionalText, requiredText } from '../fields.js';
import { validate, type FormErrors, type Validated } from '../validate.js';
import { allMessages, objectOf, positiveInteger, V } from './profile-fields.js';

// The provider's "professional" tab: order, certifications, insurance, pricing, cancellation policy.

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
    hours_before: integerBetween(
      0,
      MAX_CANCELLATION_HOURS,
      `${V}.cancellationHoursRequired`,
      `${V}.cancellationHoursInvalid`,
    ),
    refund_percentage: integerBetween(0, 100, `${V}.refundPercentageRequired`, `${V}.refundPercentageInvalid`),
  }).default({}),
});

const CERTIFICATION_KEYS = ['name', 'issuer', 'number', 'issue_date', 'expiry_date'] as const;

/** The certification rows as submitted (for re-rendering), each a record of strings. */
export function certificationRows(value: unknown): Record<string, string>[] {
  return asList(value)
    .slice(0, MAX_CERTIFICATIONS)
    .map((row) => {
      const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      const out: Record<string, string> = {};
      for (const key of [...CERTIFICATION_KEYS, 'remove'])
        out[key] = typeof r[key] === 'string' ? (r[key] as string) : '';
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
    else if (issueOk && expiryOk && c.expiry_date && c.expiry_date <= c.issue_date)
      errors[`${p}.expiry_date`] = t(`${V}.expiryBeforeIssue`);
    if (checked.ok)
      certifications.push({
        name: c.name,
        issuer: c.issuer,
        number: c.number,
        issueDate: c.issue_date,
        expiryDate: c.expiry_date,
      });
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
      errors['pricing_model.base_rate'] = t(
        rate.trim().startsWith('-') ? `${V}.baseRateNegative` : `${V}.baseRateInvalid`,
      );
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
