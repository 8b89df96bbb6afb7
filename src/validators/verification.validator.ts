import { t } from '../config/i18n.js';
import { EXPIRY_REQUIRED, isDocumentKind, type DocumentKind } from '../lib/verification-documents.js';
import { Joi } from './fields.js';
import { validate, type FormErrors, type Validated } from './validate.js';

/** The provider's form of one document, and the operator's decision. */

const V = 'verification:validation';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string): boolean =>
  DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;

export interface DocumentForm {
  kind: DocumentKind;
  /** 'YYYY-MM-DD' */
  issuedOn: string;
  expiresOn: string | null;
}

const text = (max: number) => Joi.string().trim().allow('').max(max).default('');

const documentSchema = Joi.object({ kind: text(40), issued_on: text(10), expires_on: text(10) });

/**
 * One document's fields: its kind, the day it was issued (not in the future) and, where it has one (always
 * for the kinds of EXPIRY_REQUIRED), the day it expires, after `today` and after the issue.
 */
export function validateDocument(body: unknown, today: string): Validated<DocumentForm> {
  const form = validate(documentSchema, body);
  const value = form.value as Record<string, string>;
  const errors: FormErrors = form.ok ? {} : { ...form.errors };
  const kind = value.kind;
  if (!isDocumentKind(kind)) errors.kind = t(`${V}.kind`);
  const issued = value.issued_on ?? '';
  if (!issued) errors.issued_on = t(`${V}.issuedRequired`);
  else if (!isDay(issued)) errors.issued_on = t(`${V}.dateInvalid`);
  else if (issued > today) errors.issued_on = t(`${V}.issuedFuture`);
  const expires = value.expires_on ?? '';
  if (!expires) {
    if (isDocumentKind(kind) && EXPIRY_REQUIRED.includes(kind)) errors.expires_on = t(`${V}.expiryRequired`);
  } else if (!isDay(expires)) errors.expires_on = t(`${V}.dateInvalid`);
  else if (expires <= today) errors.expires_on = t(`${V}.expiryPast`);
  else if (isDay(issued) && expires <= issued) errors.expires_on = t(`${V}.expiryBeforeIssue`);
  if (Object.keys(errors).length > 0) return { ok: false, value, errors };
  return { ok: true, value: { kind: kind as DocumentKind, issuedOn: issued, expiresOn: expires || null } };
}

/** The operator's approval or rejection: the reason the provider reads, and the confirmation. */
export interface DecisionForm {
  reason: string;
  confirm: string;
}

export const decisionSchema = Joi.object<DecisionForm>({
  reason: Joi.string()
    .trim()
    .min(5)
    .max(1000)
    .required()
    .messages({
      'any.required': `${V}.reasonRequired`,
      'string.empty': `${V}.reasonRequired`,
      'string.min': `${V}.reasonShort`,
      'string.max': `${V}.reasonLong`,
    }),
  confirm: Joi.string()
    .valid('1')
    .required()
    .messages({
      'any.required': `${V}.confirmRequired`,
      'any.only': `${V}.confirmRequired`,
    }),
});

/** The provider's "Invia la richiesta": only the confirmation. */
export const submissionSchema = Joi.object<{ confirm: string }>({
  confirm: Joi.string()
    .valid('1')
    .required()
    .messages({
      'any.required': `${V}.submitConfirm`,
      'any.only': `${V}.submitConfirm`,
    }),
});

/** The console's queue: a status (empty: all), a name or Partita IVA, a page. */
export const queueSchema = Joi.object<{ status: string; q: string; page: number }>({
  status: Joi.string().valid('', 'submitted', 'approved', 'rejected').default('submitted'),
  q: Joi.string().trim().allow('').max(200).default(''),
  page: Joi.number().integer().min(1).max(10000).default(1),
});
