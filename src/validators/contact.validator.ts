import { emailField, formKeyField, Joi, requiredText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The contact form of /contact. */

const V = 'validation:contact';
const CONTACT_MESSAGE_MAX = 5000;

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
  bookingNumber: string | null;
  idempotencyKey: string;
}

const schema = Joi.object({
  // One line each: they end up in an email's subject and headers.
  name: requiredText(120, `${V}.nameRequired`).replace(/\s+/g, ' '),
  email: emailField(`${V}.emailRequired`, `${V}.emailInvalid`),
  subject: requiredText(150, `${V}.subjectRequired`).replace(/\s+/g, ' '),
  message: requiredText(CONTACT_MESSAGE_MAX, `${V}.messageRequired`, { lines: true }),
  booking_number: Joi.string()
    .trim()
    .uppercase()
    .pattern(/^BH[0-9A-Z-]{4,30}$/)
    .empty('')
    .default(null)
    .messages({ 'string.pattern.base': `${V}.bookingNumberInvalid`, 'string.base': `${V}.bookingNumberInvalid` }),
  idempotency_key: formKeyField(`${V}.formExpired`),
});

export function validateContact(body: unknown): Validated<ContactForm> {
  const form = validate<{
    name: string;
    email: string;
    subject: string;
    message: string;
    booking_number: string | null;
    idempotency_key: string;
  }>(schema, body);
  if (!form.ok) return form;
  const v = form.value;
  return {
    ok: true,
    value: {
      name: v.name,
      email: v.email,
      subject: v.subject,
      message: v.message,
      bookingNumber: v.booking_number,
      idempotencyKey: v.idempotency_key,
    },
  };
}
