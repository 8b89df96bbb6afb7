import { t } from '../config/i18n.js';
import { Joi, optionalText, requiredText } from './fields.js';
import { parseEuroAmount } from '../lib/euro-amount.js';
import { validate, type Validated } from './validate.js';

/** The forms of the booking page's actions: a reason to reject or cancel, an optional quoted total to confirm. */

const V = 'bookings:validation';
export const REASON_MAX = 1000;
/** A quote above this is a typing mistake, not a safety course. */
export const QUOTE_MAX_CENTS = 100_000_000;

export interface ReasonForm {
  reason: string;
}

const reasonSchema = Joi.object<ReasonForm>({ reason: requiredText(REASON_MAX, `${V}.reasonRequired`, { lines: true }) });

export function validateReason(body: unknown): Validated<ReasonForm> {
  return validate(reasonSchema, body);
}

export interface ConfirmationForm {
  /** Total with VAT, in cents; null: the estimate stands. */
  quotedTotalCents: number | null;
}

const confirmationSchema = Joi.object({ quoted_total: optionalText(30) });

export function validateConfirmation(body: unknown): Validated<ConfirmationForm> {
  const form = validate(confirmationSchema, body);
  if (!form.ok) return form;
  const text = (form.value as { quoted_total: string | null }).quoted_total;
  if (text === null) return { ok: true, value: { quotedTotalCents: null } };
  const cents = parseEuroAmount(text);
  if (cents === null) return { ok: false, value: { quoted_total: text }, errors: { quoted_total: t(`${V}.quotedTotalInvalid`) } };
  if (cents > QUOTE_MAX_CENTS) return { ok: false, value: { quoted_total: text }, errors: { quoted_total: t(`${V}.quotedTotalTooLarge`) } };
  return { ok: true, value: { quotedTotalCents: cents } };
}
