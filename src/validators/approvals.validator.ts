import { t } from '../config/i18n.js';
import { parseEuroAmount } from '../lib/euro-amount.js';
import type { ApprovalRule } from '../models/approvals.js';
import { Joi, optionalText, requiredText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The forms of approvals: the organisation's rule, and an administrator's decision with its note. */

const V = 'approvals:validation';
const NOTE_MAX = 1000;
/** A threshold above this is a typing mistake. */
const THRESHOLD_MAX_CENTS = 100_000_000;

export const RULE_MODES = ['none', 'all', 'above'] as const;

const ruleSchema = Joi.object({
  mode: Joi.string()
    .valid(...RULE_MODES)
    .required()
    .messages({
      'any.only': `${V}.modeRequired`,
      'any.required': `${V}.modeRequired`,
      'string.empty': `${V}.modeRequired`,
    }),
  threshold: Joi.string().trim().allow('').max(30),
});

/** The rule: none, every booking, or above an amount in euro (VAT included) greater than zero. */
export function validateRule(body: unknown): Validated<ApprovalRule | null> {
  const form = validate(ruleSchema, body);
  const value = form.value as Record<string, string | undefined>;
  const errors = form.ok ? {} : { ...form.errors };
  if (!errors.mode && value.mode === 'above') {
    const text = value.threshold ?? '';
    const cents = text === '' ? null : parseEuroAmount(text);
    if (text === '') errors.threshold = t(`${V}.thresholdRequired`);
    else if (cents === null || cents <= 0) errors.threshold = t(`${V}.thresholdInvalid`);
    else if (cents > THRESHOLD_MAX_CENTS) errors.threshold = t(`${V}.thresholdTooLarge`);
    if (!errors.threshold) return { ok: true, value: { mode: 'above', thresholdCents: cents! } };
  }
  if (Object.keys(errors).length > 0) return { ok: false, value, errors };
  return { ok: true, value: value.mode === 'all' ? { mode: 'all' } : null };
}

export interface DecisionForm {
  note: string | null;
}

const approveSchema = Joi.object({ note: optionalText(NOTE_MAX, { lines: true }).allow(null) });
const rejectSchema = Joi.object({ note: requiredText(NOTE_MAX, `${V}.noteRequired`, { lines: true }) });

/** An approval may say why; a rejection must. */
export function validateDecision(outcome: 'approve' | 'reject', body: unknown): Validated<DecisionForm> {
  const form = validate(outcome === 'approve' ? approveSchema : rejectSchema, body);
  if (!form.ok) return form;
  const note = (form.value as { note?: string | null }).note;
  return { ok: true, value: { note: note ? note : null } };
}
