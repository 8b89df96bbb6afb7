import { Joi } from '../fields.js';
import { isValidCodiceFiscale, isValidPartitaIva } from '../../lib/italian-tax-ids.js';

/**
 * The profile forms of docs/product.md §3/§5, one per tab, each in its own file of this folder. Field names follow
 * docs/product.md §3 (snake_case, nested with brackets: address[city]); each schema's result is mapped to the
 * repository's change set. This module holds the field rules more than one tab uses.
 */

export const V = 'validation:profile';

export const vatNumber = Joi.string()
  .trim()
  .replace(/[\s.]/g, '')
  .replace(/^IT/i, '')
  .required()
  .custom((value: string, helpers) => (isValidPartitaIva(value) ? value : helpers.error('any.invalid')))
  .messages({
    'any.required': `${V}.vatNumberRequired`,
    'string.empty': `${V}.vatNumberRequired`,
    'any.invalid': `${V}.vatNumberInvalid`,
  });

export const fiscalCode = Joi.string()
  .trim()
  .uppercase()
  .replace(/\s/g, '')
  .required()
  .custom((value: string, helpers) => (isValidCodiceFiscale(value) ? value : helpers.error('any.invalid')))
  .messages({
    'any.required': `${V}.fiscalCodeRequired`,
    'string.empty': `${V}.fiscalCodeRequired`,
    'any.invalid': `${V}.fiscalCodeInvalid`,
  });

export function positiveInteger(
  min: number,
  requiredKey: string,
  minKey: string,
  invalidKey = minKey,
): Joi.NumberSchema {
  return Joi.number().empty('').integer().min(min).max(1_000_000).required().messages({
    'any.required': requiredKey,
    'number.base': invalidKey,
    'number.integer': invalidKey,
    'number.min': minKey,
    'number.max': invalidKey,
    'number.unsafe': invalidKey,
  });
}

/** One message for a choice that is missing, empty or not in the list. */
export const allMessages = (key: string): Record<string, string> => ({
  'any.required': key,
  'any.only': key,
  'string.empty': key,
  'string.base': key,
});

/** A nested object of the form, whatever was posted in its place. */
export const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
