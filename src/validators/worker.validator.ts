import { isEmail, EMAIL_MAX } from '../lib/booking-fields.js';
import { isValidPersonalCodiceFiscale, normalizeCodiceFiscale } from '../lib/italian-tax-ids.js';
import {
  RISK_CLASSES,
  WORKER_ASSIGNMENTS,
  WORKER_ROLES,
  type RiskClass,
  type TrainingKind,
  type WorkerRole,
} from '../lib/training-kinds.js';
import { parseDay, WORKER_NAME_MAX } from '../lib/worker-fields.js';
import type { WorkerFields } from '../models/workers/register.js';
import { asList, Joi, requiredText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** A worker of the register (the form, and each row of the CSV import with the same rules). */

const V = 'workers:validation';

/** A codice fiscale of a person, stored upper case without spaces. */
export function fiscalCodeField(requiredKey = `${V}.fiscalCodeRequired`) {
  return Joi.string()
    .trim()
    .max(40)
    .required()
    .custom((value: string, helpers) =>
      isValidPersonalCodiceFiscale(value) ? normalizeCodiceFiscale(value) : helpers.error('string.fiscalCode'),
    )
    .messages({
      'any.required': requiredKey,
      'string.empty': requiredKey,
      'string.base': `${V}.fiscalCodeInvalid`,
      'string.max': `${V}.fiscalCodeInvalid`,
      'string.fiscalCode': `${V}.fiscalCodeInvalid`,
    });
}

const choice = (values: readonly string[], requiredKey: string, invalidKey: string) =>
  Joi.string()
    .trim()
    .lowercase()
    .required()
    .valid(...values)
    .messages({
      'any.required': requiredKey,
      'string.empty': requiredKey,
      'string.base': invalidKey,
      'any.only': invalidKey,
    });

const schema = Joi.object({
  first_name: requiredText(WORKER_NAME_MAX, `${V}.firstNameRequired`),
  last_name: requiredText(WORKER_NAME_MAX, `${V}.lastNameRequired`),
  fiscal_code: fiscalCodeField(),
  role: choice(WORKER_ROLES, `${V}.roleRequired`, `${V}.roleInvalid`),
  assignments: Joi.array()
    .items(
      Joi.string()
        .trim()
        .valid(...WORKER_ASSIGNMENTS),
    )
    .unique()
    .messages({ 'any.only': `${V}.assignmentInvalid`, 'array.unique': `${V}.assignmentInvalid` }),
  site_id: Joi.string()
    .trim()
    .required()
    .guid()
    .messages({
      'any.required': `${V}.siteRequired`,
      'string.empty': `${V}.siteRequired`,
      'string.base': `${V}.siteRequired`,
      'string.guid': `${V}.siteRequired`,
    }),
  risk_class: choice(RISK_CLASSES, `${V}.riskClassRequired`, `${V}.riskClassInvalid`),
  hired_on: Joi.string()
    .trim()
    .required()
    .custom((value: string, helpers) => parseDay(value) ?? helpers.error('string.day'))
    .messages({
      'any.required': `${V}.hiredOnRequired`,
      'string.empty': `${V}.hiredOnRequired`,
      'string.base': `${V}.hiredOnInvalid`,
      'string.day': `${V}.hiredOnInvalid`,
    }),
  email: Joi.string()
    .trim()
    .lowercase()
    .max(EMAIL_MAX)
    .empty('')
    .default(null)
    .custom((value: string, helpers) => (isEmail(value) ? value : helpers.error('string.email')))
    .messages({ 'string.email': `${V}.emailInvalid`, 'string.max': `${V}.emailInvalid` }),
});

/** The form's body (or an import row shaped like it) as the register stores it. */
export function validateWorker(body: unknown): Validated<WorkerFields> {
  const input = { ...(body as Record<string, unknown>) };
  input.assignments = asList(input.assignments);
  const form = validate<Record<string, unknown>>(schema, input);
  if (!form.ok) return { ...form, value: { ...(body as Record<string, unknown>) } };
  const v = form.value;
  return {
    ok: true,
    value: {
      firstName: v.first_name as string,
      lastName: v.last_name as string,
      fiscalCode: v.fiscal_code as string,
      role: v.role as WorkerRole,
      assignments: (v.assignments as TrainingKind[] | undefined) ?? [],
      siteId: v.site_id as string,
      riskClass: v.risk_class as RiskClass,
      hiredOn: v.hired_on as string,
      email: (v.email as string | null) ?? null,
    },
  };
}
