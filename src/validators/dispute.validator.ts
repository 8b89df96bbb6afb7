import { t } from '../config/i18n.js';
import { parseEuroAmount } from '../lib/euro-amount.js';
import { DECISION_KINDS, DISPUTE_REASONS, type DecisionKind, type DisputeReason } from '../lib/disputes.js';
import * as format from '../lib/format.js';
import { Joi, multiline } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The forms of a dispute: opening it, a message in its thread, and the operator's decision. */

const V = 'disputes:validation';
export const DESCRIPTION_MAX = 3000;
export const DISPUTE_MESSAGE_MAX = 3000;
export const DECISION_TEXT_MAX = 2000;

/** Text as typed (CRLF made \n), with something in it, at least `min` characters once trimmed. */
const text = (max: number, min: number, keys: { required: string; short: string; long: string }) =>
  multiline(Joi.string()).replace(/\r\n?/g, '\n').trim().min(min).max(max).required().messages({
    'any.required': keys.required,
    'string.empty': keys.required,
    'string.base': keys.required,
    'string.min': keys.short,
    'string.max': keys.long,
  });

export interface OpenForm {
  reason: DisputeReason;
  description: string;
}

const openSchema = Joi.object<OpenForm>({
  reason: Joi.string()
    .valid(...DISPUTE_REASONS)
    .required()
    .messages({
      'any.required': `${V}.reasonRequired`,
      'any.only': `${V}.reasonRequired`,
      'string.empty': `${V}.reasonRequired`,
    }),
  description: text(DESCRIPTION_MAX, 20, {
    required: `${V}.descriptionRequired`,
    short: `${V}.descriptionShort`,
    long: `${V}.descriptionLong`,
  }),
});

export const validateOpening = (body: unknown): Validated<OpenForm> => validate(openSchema, body);

const messageSchema = Joi.object<{ body: string }>({
  body: text(DISPUTE_MESSAGE_MAX, 1, {
    required: `${V}.bodyRequired`,
    short: `${V}.bodyRequired`,
    long: `${V}.bodyLong`,
  }),
});

export const validateDisputeMessage = (body: unknown): Validated<{ body: string }> => validate(messageSchema, body);

export interface DecisionForm {
  kind: DecisionKind;
  /** The refund found owed, in cents; null when none. */
  amountCents: number | null;
  text: string;
}

const decisionSchema = Joi.object({
  kind: Joi.string()
    .valid(...DECISION_KINDS)
    .required()
    .messages({
      'any.required': `${V}.kindRequired`,
      'any.only': `${V}.kindRequired`,
      'string.empty': `${V}.kindRequired`,
    }),
  amount: Joi.string().trim().max(30).allow('').default(''),
  text: text(DECISION_TEXT_MAX, 10, { required: `${V}.textRequired`, short: `${V}.textShort`, long: `${V}.textLong` }),
  confirm: Joi.string()
    .valid('1')
    .required()
    .messages({
      'any.required': `${V}.confirmRequired`,
      'any.only': `${V}.confirmRequired`,
      'string.empty': `${V}.confirmRequired`,
    }),
});

/**
 * The decision: a refund owed needs an amount (more than nothing); a partly upheld dispute may name one; no
 * action names none. No amount beyond `refundableCents` (what the client paid and is not owed back already).
 */
export function validateDecision(body: unknown, refundableCents: number): Validated<DecisionForm> {
  const form = validate(decisionSchema, body);
  const value = form.value as Record<string, unknown>;
  const errors = form.ok ? {} : { ...form.errors };
  const kind = typeof value.kind === 'string' ? value.kind : '';
  const typed = typeof value.amount === 'string' ? value.amount.trim() : '';
  let amountCents: number | null = null;
  if (kind === 'refund_owed' || (kind === 'partial' && typed !== '')) {
    const parsed = typed === '' ? null : parseEuroAmount(typed);
    if (typed === '') errors.amount = t(`${V}.amountRequired`);
    else if (parsed === null || parsed === 0) errors.amount = t(`${V}.amountInvalid`);
    else if (parsed > refundableCents)
      errors.amount =
        refundableCents === 0
          ? t(`${V}.amountNothingPaid`)
          : t(`${V}.amountTooLarge`, { max: format.euro(refundableCents) });
    else amountCents = parsed;
  } else if (kind === 'no_action' && typed !== '') errors.amount = t(`${V}.amountNotForNoAction`);
  if (Object.keys(errors).length > 0) return { ok: false, value, errors };
  return { ok: true, value: { kind: kind as DecisionKind, amountCents, text: String(value.text) } };
}

/** The console's queue filter: a status, a reason (any when empty), a page. */
export interface QueueSearchForm {
  status: string;
  reason: string;
  page: number;
}

export const queueSearchSchema = Joi.object<QueueSearchForm>({
  status: Joi.string().valid('', 'open', 'decided').default(''),
  reason: Joi.string()
    .valid('', ...DISPUTE_REASONS)
    .default(''),
  page: Joi.number().integer().min(1).max(10000).default(1),
});
