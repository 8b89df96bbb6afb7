import { REGIONS } from '../../lib/profile-options.js';
import type { AddressChanges } from '../../models/profiles/write.js';
import { Joi, requiredText } from '../fields.js';
import { validate, type FormErrors } from '../validate.js';
import { objectOf, V } from './profile-fields.js';

// The "address" tab of both kinds of profile.

interface AddressForm {
  address: { street: string; city: string; province: string; postal_code: string; region: string };
}

const addressSchema = Joi.object<AddressForm>({
  address: Joi.object({
    street: requiredText(200, `${V}.streetRequired`),
    city: requiredText(100, `${V}.cityRequired`),
    province: Joi.string()
      .trim()
      .uppercase()
      .pattern(/^[A-Z]{2}$/)
      .required()
      .messages({
        'any.required': `${V}.provinceRequired`,
        'string.empty': `${V}.provinceRequired`,
        'string.pattern.base': `${V}.provinceInvalid`,
      }),
    postal_code: Joi.string()
      .trim()
      .pattern(/^\d{5}$/)
      .required()
      .messages({
        'any.required': `${V}.postalCodeRequired`,
        'string.empty': `${V}.postalCodeRequired`,
        'string.pattern.base': `${V}.postalCodeInvalid`,
      }),
    region: Joi.string()
      .trim()
      .empty('')
      .valid(...REGIONS)
      .required()
      .messages({
        'any.required': `${V}.regionRequired`,
        'string.empty': `${V}.regionRequired`,
        'any.only': `${V}.regionInvalid`,
      }),
  })
    .required()
    .default({}),
});

export type AddressValidation =
  | { ok: true; value: AddressChanges }
  | { ok: false; value: Record<string, unknown>; errors: FormErrors; passed: Partial<AddressChanges> };

/**
 * The form checks; the gazetteer checks (province, city, CAP) follow in profiles.service. On failure,
 * `passed` holds the fields that met their rule, so that the gazetteer checks them in the same submit.
 */
export function validateAddress(body: Record<string, unknown>): AddressValidation {
  const result = validate(addressSchema, { address: objectOf(body.address) });
  const a = (result.value as Partial<AddressForm>).address ?? ({} as Partial<AddressForm['address']>);
  const value = { street: a.street, city: a.city, province: a.province, postalCode: a.postal_code, region: a.region };
  if (result.ok) return { ok: true, value: value as AddressChanges };
  const passed: Partial<AddressChanges> = {};
  for (const [key, field] of Object.entries({
    street: 'street',
    city: 'city',
    province: 'province',
    postalCode: 'postal_code',
    region: 'region',
  })) {
    const part = value[key as keyof AddressChanges];
    if (!(`address.${field}` in result.errors) && typeof part === 'string') passed[key as keyof AddressChanges] = part;
  }
  return { ...result, passed };
}
