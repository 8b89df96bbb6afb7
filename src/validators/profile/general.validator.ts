import { COMPANY_SIZES, INDUSTRY_SECTORS, MAX_CLIENT_CERTIFICATIONS } from '../../lib/profile-options.js';
import type { ClientGeneralChanges } from '../../models/clients/write.js';
import type { CompanySize } from '../../models/clients/row.js';
import type { ProviderGeneralChanges } from '../../models/providers/write.js';
import { asList, Joi, requiredText } from '../fields.js';
import { validate, type FormErrors, type Validated } from '../validate.js';
import { allMessages, fiscalCode, positiveInteger, V, vatNumber } from './profile-fields.js';

// The "general" tab: the company (client) or the business (provider).

interface ClientGeneralForm {
  company_name: string;
  vat_number: string;
  fiscal_code: string;
  company_size: CompanySize;
  industry_sector: string;
  employees_count: number;
  rls_collective_hours: number | null;
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
  // Optional: only companies under 15 workers need it. Read as text first (control characters get their
  // own message, like every text field), then as hours with a decimal comma or point ("2,5").
  rls_collective_hours: Joi.string()
    .trim()
    .empty('')
    .default(null)
    .custom((v: string, helpers) => {
      const hours = /^\d{1,2}([.,]\d)?$/.test(v) ? Number(v.replace(',', '.')) : NaN;
      return hours > 0 && hours <= 99 ? hours : helpers.error('any.invalid');
    })
    .messages({ 'any.invalid': `${V}.rlsCollectiveHoursInvalid`, 'string.base': `${V}.rlsCollectiveHoursInvalid` }),
  certifications: Joi.array()
    .items(
      Joi.string()
        .max(100)
        .messages({ 'string.max': `${V}.certificationTooLong` }),
    )
    .max(MAX_CLIENT_CERTIFICATIONS)
    .messages({ 'array.max': `${V}.certificationsTooMany` }),
});

/** One certification a line; blank lines and repeats dropped. */
function lines(value: unknown): string[] {
  const text = typeof value === 'string' ? value : asList(value).join('\n');
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
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
      rlsCollectiveHours: v.rls_collective_hours ?? null,
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
    value: {
      businessName: v.business_name,
      vatNumber: v.vat_number,
      fiscalCode: v.fiscal_code,
      description: v.description,
    },
  };
}
