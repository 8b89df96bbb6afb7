import { Joi } from './fields.js';

/** A suspension or a reactivation: the reason the affected people will be told about, and the confirmation. */
export interface SuspensionForm {
  reason: string;
  confirm: string;
}

export const suspensionSchema = Joi.object<SuspensionForm>({
  reason: Joi.string().trim().min(5).max(1000).required().messages({
    'any.required': 'admin:validation.reasonRequired',
    'string.empty': 'admin:validation.reasonRequired',
    'string.min': 'admin:validation.reasonShort',
    'string.max': 'admin:validation.reasonLong',
  }),
  confirm: Joi.string().valid('1').required().messages({
    'any.required': 'admin:validation.confirmRequired',
    'any.only': 'admin:validation.confirmRequired',
  }),
});

/** The audit trail's search: every field optional; dates as YYYY-MM-DD. */
export interface AuditSearchForm {
  action: string;
  operator: string;
  subject: string;
  from: string;
  to: string;
  page: number;
}

const day = Joi.string()
  .trim()
  .allow('')
  .pattern(/^\d{4}-\d{2}-\d{2}$/)
  .messages({ 'string.pattern.base': 'admin:validation.dateInvalid' })
  .default('');

export const auditSearchSchema = Joi.object<AuditSearchForm>({
  action: Joi.string().trim().allow('').max(100).default(''),
  operator: Joi.string().trim().allow('').max(254).default(''),
  subject: Joi.string().trim().allow('').max(100).default(''),
  from: day,
  to: day,
  page: Joi.number().integer().min(1).max(10000).default(1),
});

/** The accounts' search: a name, an address or a Partita IVA. */
export const accountSearchSchema = Joi.object<{ q: string; page: number }>({
  q: Joi.string().trim().allow('').max(200).default(''),
  page: Joi.number().integer().min(1).max(10000).default(1),
});
