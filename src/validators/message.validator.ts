import { formKeyField, Joi, multiline } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The message form (a reply, a booking's message, an inquiry): the text as typed, a form key against double submissions. */

export const MESSAGE_MAX = 5000;
const V = 'validation:messages';

export interface MessageForm {
  body: string;
  idempotencyKey: string;
  /** An inquiry's target (hidden fields of the new-message form); null elsewhere. */
  listingId: string | null;
  providerId: string | null;
}

const optionalId = Joi.string().trim().max(64).empty('').default(null);

const schema = Joi.object({
  // Not trimmed: the text is kept as typed; only the browser's CRLF line ends become \n.
  body: multiline(Joi.string())
    .replace(/\r\n?/g, '\n')
    .max(MESSAGE_MAX)
    .pattern(/\S/)
    .required()
    .messages({
      'any.required': `${V}.bodyRequired`,
      'string.empty': `${V}.bodyRequired`,
      'string.base': `${V}.bodyRequired`,
      'string.pattern.base': `${V}.bodyRequired`,
      'string.max': `${V}.bodyTooLong`,
    }),
  idempotency_key: formKeyField(`${V}.formExpired`),
  service_id: optionalId,
  provider_id: optionalId,
});

export function validateMessage(body: unknown): Validated<MessageForm> {
  const form = validate<{
    body: string;
    idempotency_key: string;
    service_id: string | null;
    provider_id: string | null;
  }>(schema, body);
  if (!form.ok) return form;
  const v = form.value;
  return {
    ok: true,
    value: { body: v.body, idempotencyKey: v.idempotency_key, listingId: v.service_id, providerId: v.provider_id },
  };
}
