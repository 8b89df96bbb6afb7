import {
  DEFAULT_PERIOD,
  EARLIEST_DAY,
  MAX_PERIOD_DAYS,
  PERIODS,
  daysIn,
  namedPeriod,
  type Period,
  type PeriodKind,
} from '../lib/analytics-period.js';
import { t } from '../config/i18n.js';
import { Joi } from './fields.js';
import { validate, type FormErrors, type Validated } from './validate.js';

/**
 * The period of /analytics and /analytics/bookings.csv (a GET form: period, from, to). The dates count only
 * with period=custom; a named period ignores them. Nonsense is an Italian message beside its field and 422.
 */

const E = 'analytics:errors';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
const isDay = (value: string): boolean =>
  DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;

/** A date of a custom period; with a named period whatever is in the field is dropped unread. */
function dayField(requiredKey: string, invalidKey: string) {
  const day = Joi.string()
    .trim()
    .required()
    .custom((value: string, helpers) => (isDay(value) ? value : helpers.error('string.isoDate')))
    .messages({
      'any.required': requiredKey,
      'string.empty': requiredKey,
      'string.base': invalidKey,
      'string.isoDate': invalidKey,
    });
  return Joi.when('period', { is: 'custom', then: day, otherwise: Joi.any().strip() });
}

const schema = Joi.object({
  period: Joi.string()
    .trim()
    .valid(...PERIODS)
    .empty('')
    .default(DEFAULT_PERIOD)
    .messages({ 'any.only': `${E}.period`, 'string.base': `${E}.period` }),
  from: dayField(`${E}.fromRequired`, `${E}.fromInvalid`),
  to: dayField(`${E}.toRequired`, `${E}.toInvalid`),
});

/** What the form shows back: the values as typed (strings only). */
export interface PeriodFormValues {
  period: string;
  from: string;
  to: string;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

export function periodFormValues(input: unknown): PeriodFormValues {
  const q = (input ?? {}) as Record<string, unknown>;
  return { period: asText(q.period) || DEFAULT_PERIOD, from: asText(q.from), to: asText(q.to) };
}

/** The rules between the two dates of a custom period, once each is a real day. */
function rangeErrors(from: string, to: string, today: string): FormErrors {
  const errors: FormErrors = {};
  if (from < EARLIEST_DAY) errors.from = `${E}.fromTooEarly`;
  if (to > today) errors.to = `${E}.toFuture`;
  else if (to < from) errors.to = `${E}.toBeforeFrom`;
  else if (daysIn(from, to) > MAX_PERIOD_DAYS) errors.to = `${E}.tooLong`;
  return errors;
}

/** The period asked for, or the messages beside the fields. `today` is Rome's. */
export function validatePeriod(input: unknown, today: string): Validated<Period> {
  const form = validate<{ period: PeriodKind; from?: string; to?: string }>(schema, input);
  if (!form.ok) return form;
  const { period, from, to } = form.value;
  if (period !== 'custom') return { ok: true, value: namedPeriod(period, today) };
  const errors = rangeErrors(from!, to!, today);
  if (Object.keys(errors).length > 0) {
    return {
      ok: false,
      value: form.value,
      errors: Object.fromEntries(Object.entries(errors).map(([f, key]) => [f, t(key)])),
    };
  }
  return { ok: true, value: { kind: 'custom', from: from!, to: to! } };
}
