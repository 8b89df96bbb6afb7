import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { INVOICING_CHANNELS, NO_SDI_CODE, type InvoicingChannel } from '../../lib/payment-options.js';
import type { ClientInvoicing } from '../../models/clients/row.js';
import { Joi, emailField } from '../fields.js';
import { validate, type Validated } from '../validate.js';
import { allMessages, V } from './profile-fields.js';

// The "Fatturazione" tab: how a client receives electronic invoices, the IBAN a provider is paid on.

interface ClientBillingForm {
  invoicing_channel: InvoicingChannel;
  sdi_code: string | null;
  pec: string | null;
}

/** The codice destinatario SDI: 7 letters and digits, typed in any case, stored in upper case. */
const sdiCode = Joi.string()
  .trim()
  .uppercase()
  .replace(/\s/g, '')
  .pattern(/^[A-Z0-9]+$/)
  .length(7)
  .required()
  .messages({
    'any.required': `${V}.sdiRequired`,
    'string.empty': `${V}.sdiRequired`,
    'string.length': `${V}.sdiLength`,
    'string.pattern.base': `${V}.sdiCharacters`,
  });

const clientBillingSchema = Joi.object<ClientBillingForm>({
  invoicing_channel: Joi.string()
    .valid(...INVOICING_CHANNELS)
    .required()
    .messages(allMessages(`${V}.invoicingChannelRequired`)),
  // Only the chosen channel's field is read: a code left in the other box is not an error.
  sdi_code: Joi.when('invoicing_channel', { is: 'sdi', then: sdiCode, otherwise: Joi.any().strip() }),
  pec: Joi.when('invoicing_channel', {
    is: 'pec',
    then: emailField(`${V}.pecRequired`, `${V}.pecInvalid`),
    otherwise: Joi.any().strip(),
  }),
});

export function validateClientBilling(
  body: Record<string, unknown>,
): Validated<ClientInvoicing & { channel: InvoicingChannel }> {
  const result = validate(clientBillingSchema, body);
  if (!result.ok) return result;
  const v = result.value;
  return { ok: true, value: { channel: v.invoicing_channel, sdiCode: v.sdi_code ?? null, pec: v.pec ?? null } };
}

/** Why an IBAN is refused, most telling first: the check digits are the usual typing mistake. */
function ibanProblem(iban: string): string | null {
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return `${V}.ibanCountry`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return `${V}.ibanLength`;
  if (
    errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)
  ) {
    return `${V}.ibanChecksum`;
  }
  return `${V}.ibanInvalid`;
}

/** Typed with spaces or in lower case ("it60 x054 …"), stored in electronic form ("IT60X054…"). */
const iban = Joi.string()
  .trim()
  .max(60)
  .required()
  .custom((value: string, helpers) => {
    const electronic = electronicFormatIBAN(value) ?? '';
    const problem = ibanProblem(electronic);
    return problem ? helpers.message({ custom: problem }) : electronic;
  })
  .messages({
    'any.required': `${V}.ibanRequired`,
    'string.empty': `${V}.ibanRequired`,
    'string.max': `${V}.ibanInvalid`,
  });

interface ProviderBillingForm {
  iban: string;
  sdi_code?: string | null;
  pec?: string | null;
}

/**
 * A provider's IBAN, and where it receives SicurHub's commission invoices: a codice destinatario, or
 * instead a PEC, or neither (both empty). Given both, the invoice goes to the code (invoice-xml.ts).
 */
export function validateProviderBilling(
  body: Record<string, unknown>,
): Validated<{ iban: string; sdiCode: string | null; pec: string | null }> {
  const result = validate(
    Joi.object<ProviderBillingForm>({
      iban,
      sdi_code: sdiCode.optional().allow('', null),
      // The invoice's PECDestinatario takes ASCII only (the FatturaPA schema's EmailType), as PEC domains are.
      pec: emailField(`${V}.pecRequired`, `${V}.pecInvalid`)
        .custom((value: string, helpers) => (/^[!-~]+$/.test(value) ? value : helpers.error('string.email')))
        .optional()
        .allow('', null),
    }),
    body,
  );
  if (!result.ok) return result;
  const { sdi_code: code, pec } = result.value;
  return {
    ok: true,
    value: { iban: result.value.iban, sdiCode: code && code !== NO_SDI_CODE ? code : null, pec: pec || null },
  };
}
