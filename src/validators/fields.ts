import Joi from 'joi';
import { EMAIL_MAX, PHONE_MAX, isEmail, isPhone } from '../lib/booking-fields.js';

/**
 * Building blocks shared by the account and profile forms: each carries its Italian messages (i18n keys).
 */

export const PASSWORD_MIN = 8;
// argon2 takes any length; a cap keeps hashing cheap for absurd inputs.
export const PASSWORD_MAX = 128;

/**
 * Email as every form checks it ("Email non valida", required message given): the rule of
 * src/lib/booking-fields.ts, the one the booking wizard island checks with too.
 */
export function emailField(requiredKey: string, invalidKey = 'validation:auth.emailInvalid'): Joi.StringSchema {
  return Joi.string()
    .trim()
    .lowercase()
    .max(EMAIL_MAX)
    .custom((value: string, helpers) => (isEmail(value) ? value : helpers.error('string.email')))
    .required()
    .messages({
      'any.required': requiredKey,
      'string.empty': requiredKey,
      'string.base': invalidKey,
      'string.email': invalidKey,
      'string.max': invalidKey,
    });
}

/** A new password: the registration rules of SPEC §5 (also used by the reset form). */
export function newPasswordField(): Joi.StringSchema {
  return Joi.string().min(PASSWORD_MIN).max(PASSWORD_MAX).required().messages({
    'any.required': 'validation:auth.passwordRequired',
    'string.empty': 'validation:auth.passwordRequired',
    'string.base': 'validation:auth.passwordRequired',
    'string.min': 'validation:auth.passwordTooShort',
    'string.max': 'validation:auth.passwordTooLong',
  });
}

export function confirmPasswordField(): Joi.StringSchema {
  return Joi.string().empty('').required().valid(Joi.ref('password')).messages({
    'any.required': 'validation:auth.confirmPasswordRequired',
    'string.empty': 'validation:auth.confirmPasswordRequired',
    'string.base': 'validation:auth.confirmPasswordRequired',
    'any.only': 'validation:auth.passwordsDoNotMatch',
  });
}

/** A phone number by the rule of src/lib/booking-fields.ts (the booking wizard island checks with it too). */
export function phoneField(requiredKey: string | null, invalidKey: string): Joi.StringSchema {
  const base = Joi.string()
    .trim()
    .max(PHONE_MAX)
    .custom((value: string, helpers) => (isPhone(value) ? value : helpers.error('string.pattern.base')));
  const messages = { 'string.pattern.base': invalidKey, 'string.max': invalidKey, 'string.base': invalidKey };
  if (requiredKey) {
    return base.required().messages({ ...messages, 'any.required': requiredKey, 'string.empty': requiredKey });
  }
  return base.empty('').default(null).messages(messages) as Joi.StringSchema;
}

/** Optional free text: empty becomes null. */
export function optionalText(max: number): Joi.StringSchema {
  return Joi.string()
    .trim()
    .max(max)
    .empty('')
    .default(null)
    .messages({ 'string.max': 'validation:tooLong', 'string.base': 'validation:invalid' }) as Joi.StringSchema;
}

export function requiredText(max: number, requiredKey: string): Joi.StringSchema {
  return Joi.string().trim().max(max).required().messages({
    'any.required': requiredKey,
    'string.empty': requiredKey,
    'string.base': requiredKey,
    'string.max': 'validation:tooLong',
  });
}

/** Checkbox lists and repeated rows arrive as a string, an array, or (past 20 items) an index object. */
export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([k]) => /^\d+$/.test(k))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  return [value];
}
