import { t } from '../config/i18n.js';
import { Joi, requiredText } from './fields.js';
import { parseEuroAmount } from '../lib/euro-amount.js';
import { totalWithVat } from '../lib/pricing.js';
import { validate, type Validated } from './validate.js';

/** The forms of the booking page's actions: a reason (reject, cancel, decline, withdraw) and a quote. */

const V = 'bookings:validation';
const REASON_MAX = 1000;
const QUOTE_INCLUDES_MAX = 2000;
/** A quote above this is a typing mistake, not a safety course. */
const QUOTE_MAX_CENTS = 100_000_000;

export interface ReasonForm {
  reason: string;
}

const reasonSchema = Joi.object<ReasonForm>({
  reason: requiredText(REASON_MAX, `${V}.reasonRequired`, { lines: true }),
});

export function validateReason(body: unknown): Validated<ReasonForm> {
  return validate(reasonSchema, body);
}

export interface QuoteForm {
  /** What the provider typed: the amount without VAT (imponibile), in cents, as every catalogue price. */
  netCents: number;
  /** With the 22% VAT added, in cents: what the client accepts and pays. */
  totalCents: number;
  includes: string;
  /** 'YYYY-MM-DD', the last day the client may accept. */
  validUntil: string;
}

const quoteSchema = Joi.object({
  quote_net: requiredText(30, `${V}.quoteNetRequired`),
  quote_includes: requiredText(QUOTE_INCLUDES_MAX, `${V}.quoteIncludesRequired`),
  quote_valid_until: requiredText(10, `${V}.quoteValidUntilRequired`),
});

/**
 * A quote: an amount without VAT in euro (the 22% VAT is added to make its total), what it includes, a validity date from `today` to the requested date (a quote
 * accepted after the service's day would bind nobody to anything).
 */
export function validateQuote(body: unknown, today: string, lastDay: string): Validated<QuoteForm> {
  const form = validate(quoteSchema, body);
  const value = form.value as Record<string, string | null>;
  const errors = form.ok ? {} : { ...form.errors };
  const net = typeof value.quote_net === 'string' ? value.quote_net : null;
  const cents = net === null ? null : parseEuroAmount(net);
  if (net !== null && !errors.quote_net) {
    if (cents === null) errors.quote_net = t(`${V}.quotedNetInvalid`);
    else if (totalWithVat(cents) > QUOTE_MAX_CENTS) errors.quote_net = t(`${V}.quotedNetTooLarge`);
  }
  const until = typeof value.quote_valid_until === 'string' ? value.quote_valid_until : null;
  if (until !== null && !errors.quote_valid_until) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(Date.parse(`${until}T00:00:00Z`)))
      errors.quote_valid_until = t(`${V}.quoteValidUntilInvalid`);
    else if (until < today || until > lastDay) errors.quote_valid_until = t(`${V}.quoteValidUntilRange`);
  }
  if (Object.keys(errors).length > 0 || cents === null || until === null) return { ok: false, value, errors };
  return {
    ok: true,
    value: {
      netCents: cents,
      totalCents: totalWithVat(cents),
      includes: String(value.quote_includes),
      validUntil: until,
    },
  };
}
