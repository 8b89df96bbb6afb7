import { t } from '../config/i18n.js';
import { parseEuroAmount } from '../lib/euro-amount.js';
import * as format from '../lib/format.js';
import { Joi, requiredText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The provider's "Registra rimborso" form: how much it gave back, on which day, with which bank reference. */

const V = 'validation:refund';
const REFERENCE_MAX = 100;

export interface RefundForm {
  amountCents: number;
  /** 'YYYY-MM-DD' */
  refundedOn: string;
  reference: string;
}

interface Limits {
  /** What is still due, in cents: a refund gives back at most this. */
  remainingCents: number;
  /** 'YYYY-MM-DD': not before the booking was cancelled, not after today. */
  earliest: string;
  today: string;
}

const schema = Joi.object({
  amount: requiredText(30, `${V}.amountRequired`),
  refunded_on: requiredText(10, `${V}.refundedOnRequired`),
  reference: requiredText(REFERENCE_MAX, `${V}.referenceRequired`),
});

export function validateRefund(body: unknown, limits: Limits): Validated<RefundForm> {
  const form = validate(schema, body);
  const value = form.value as Record<string, string | null>;
  const errors = form.ok ? {} : { ...form.errors };
  const amount = typeof value.amount === 'string' ? parseEuroAmount(value.amount) : null;
  if (typeof value.amount === 'string' && !errors.amount) {
    if (amount === null || amount === 0) errors.amount = t(`${V}.amountInvalid`);
    else if (amount > limits.remainingCents)
      errors.amount = t(`${V}.amountTooLarge`, { remaining: format.euro(limits.remainingCents) });
  }
  const day = typeof value.refunded_on === 'string' ? value.refunded_on : null;
  if (day !== null && !errors.refunded_on) {
    const d = new Date(`${day}T12:00:00Z`);
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day);
    if (!valid) errors.refunded_on = t(`${V}.refundedOnInvalid`);
    else if (day > limits.today) errors.refunded_on = t(`${V}.refundedOnFuture`);
    else if (day < limits.earliest) errors.refunded_on = t(`${V}.refundedOnBeforeCancellation`);
  }
  if (Object.keys(errors).length > 0 || amount === null || day === null) return { ok: false, value, errors };
  return { ok: true, value: { amountCents: amount, refundedOn: day, reference: String(value.reference) } };
}
