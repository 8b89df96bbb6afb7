import BaseJoi from 'joi';
import { EMAIL_MAX, PHONE_MAX, isEmail, isPhone } from '../lib/booking-fields.js';

/**
 * Building blocks shared by the account and profile forms: each carries its Italian messages (i18n keys).
 */

// NUL (which PostgreSQL refuses in text) and the other C0/C1 control characters; a multi-line text also
// takes tab, newline and carriage return.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- likewise, tab, newline and carriage return aside
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Joi for every form schema: its strings refuse control characters with "Il testo contiene caratteri non
 * validi" beside the field, before any other rule of the field (a schema's own messages do not replace it).
 * `.multiline()` (see multiline) lets a textarea's lines through.
 */
export const Joi: typeof BaseJoi = BaseJoi.extend((joi) => ({
  type: 'string',
  base: joi.string(),
  messages: { 'string.controlCharacters': 'validation:controlCharacters' },
  rules: {
    multiline: {
      method() {
        return (this as BaseJoi.Schema).$_setFlag('multiline', true);
      },
    },
  },
  validate(value: unknown, helpers) {
    const pattern = helpers.schema.$_getFlag('multiline') ? CONTROL_BUT_LINES : CONTROL;
    if (typeof value === 'string' && pattern.test(value))
      return { value, errors: [helpers.error('string.controlCharacters')] };
    return { value };
  },
}));

/** The schema types, under the same name as the Joi the schemas use. */
export declare namespace Joi {
  type Schema = BaseJoi.Schema;
  type StringSchema = BaseJoi.StringSchema;
  type NumberSchema = BaseJoi.NumberSchema;
  type ObjectSchema<T = unknown> = BaseJoi.ObjectSchema<T>;
  type CustomHelpers = BaseJoi.CustomHelpers;
}

/** Text whose lines are kept (a textarea): tab, newline and carriage return are allowed. */
export function multiline(schema: BaseJoi.StringSchema): BaseJoi.StringSchema {
  return (schema as BaseJoi.StringSchema & { multiline(): BaseJoi.StringSchema }).multiline();
}

const PASSWORD_MIN = 8;
// argon2 takes any length; a cap keeps hashing cheap for absurd inputs.
const PASSWORD_MAX = 128;

/**
 * Email as every form checks it ("Email non valida", required message given): the rule of
 * src/lib/booking-fields.ts, the one the booking wizard island checks with too.
 */
export function emailField(requiredKey: string, invalidKey = 'validation:auth.emailInvalid'): BaseJoi.StringSchema {
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

/** A new password: the registration rules of docs/product.md §5 (also used by the reset form). */
export function newPasswordField(): BaseJoi.StringSchema {
  return Joi.string().min(PASSWORD_MIN).max(PASSWORD_MAX).required().messages({
    'any.required': 'validation:auth.passwordRequired',
    'string.empty': 'validation:auth.passwordRequired',
    'string.base': 'validation:auth.passwordRequired',
    'string.min': 'validation:auth.passwordTooShort',
    'string.max': 'validation:auth.passwordTooLong',
  });
}

export function confirmPasswordField(): BaseJoi.StringSchema {
  return Joi.string().empty('').required().valid(Joi.ref('password')).messages({
    'any.required': 'validation:auth.confirmPasswordRequired',
    'string.empty': 'validation:auth.confirmPasswordRequired',
    'string.base': 'validation:auth.confirmPasswordRequired',
    'any.only': 'validation:auth.passwordsDoNotMatch',
  });
}

/** A phone number by the rule of src/lib/booking-fields.ts (the booking wizard island checks with it too). */
export function phoneField(requiredKey: string | null, invalidKey: string): BaseJoi.StringSchema {
  const base = Joi.string()
    .trim()
    .max(PHONE_MAX)
    .custom((value: string, helpers) => (isPhone(value) ? value : helpers.error('string.pattern.base')));
  const messages = { 'string.pattern.base': invalidKey, 'string.max': invalidKey, 'string.base': invalidKey };
  if (requiredKey) {
    return base.required().messages({ ...messages, 'any.required': requiredKey, 'string.empty': requiredKey });
  }
  return base.empty('').default(null).messages(messages) as BaseJoi.StringSchema;
}

/** Optional free text: empty becomes null. */
export function optionalText(max: number, { lines = false } = {}): BaseJoi.StringSchema {
  return (lines ? multiline(Joi.string()) : Joi.string())
    .trim()
    .max(max)
    .empty('')
    .default(null)
    .messages({ 'string.max': 'validation:tooLong', 'string.base': 'validation:invalid' }) as BaseJoi.StringSchema;
}

export function requiredText(max: number, requiredKey: string, { lines = false } = {}): BaseJoi.StringSchema {
  return (lines ? multiline(Joi.string()) : Joi.string()).trim().max(max).required().messages({
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

/** The hidden key that makes a form's double submission harmless; a missing or mangled one means the form expired. */
export function formKeyField(expiredKey: string): BaseJoi.StringSchema {
  return Joi.string()
    .trim()
    .pattern(/^[A-Za-z0-9-]{8,64}$/)
    .required()
    .messages({
      'any.required': expiredKey,
      'string.empty': expiredKey,
      'string.base': expiredKey,
      'string.pattern.base': expiredKey,
    });
}
