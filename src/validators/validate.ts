import type Joi from 'joi';
import { t } from '../config/i18n.js';

/** Field path ('email', 'address.city', 'participants.0.first_name') -> Italian message. */
export type FormErrors = Record<string, string>;

export type Validated<T> = { ok: true; value: T } | { ok: false; value: Record<string, unknown>; errors: FormErrors };

/**
 * Runs a form schema (abortEarly false) and turns its messages — i18n keys such as
 * 'validation:auth.emailInvalid' — into Italian text, one message per field (the first one). `context` is
 * what a schema built once reads per validation (`$name` references, helpers.prefs.context).
 */
export function validate<T>(schema: Joi.ObjectSchema<T>, input: unknown, context?: Joi.Context): Validated<T> {
  const { value, error } = schema.validate(input ?? {}, {
    abortEarly: false,
    stripUnknown: true,
    convert: true,
    ...(context ? { context } : {}),
  });
  if (!error) return { ok: true, value: value as T };
  const errors: FormErrors = {};
  for (const detail of error.details) {
    const path = detail.path.join('.');
    if (errors[path]) continue;
    errors[path] = translate(detail.message, detail.context);
  }
  return { ok: false, value: (value ?? input ?? {}) as Record<string, unknown>, errors };
}

function translate(message: string, context: Joi.Context | undefined): string {
  // Joi wraps labels in quotes in its default messages; ours are bare i18n keys.
  const key = message.replace(/^"|"$/g, '');
  if (/^[a-z]+:[\w.]+$/.test(key)) return t(key, { limit: context?.limit, value: context?.value });
  return t('validation:invalid');
}

/**
 * Errors keyed by a schema's paths ('firstName', 'requestedDate.x') keyed instead by the form's field names
 * (`names`, else the path's first part), after `prefix` ('participants.0.'): beside the right field.
 */
export function renamedFields(errors: FormErrors, names: Record<string, string>, prefix = ''): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const first = path.split('.')[0]!;
    out[`${prefix}${names[first] ?? first}`] = message;
  }
  return out;
}
