import { Joi } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The waitlist form of a full course edition: how many seats the client waits for (1 to the edition's seats). */
export interface WaitlistForm {
  seats: number;
}

const V = 'waitlist:validation';

export function validateWaitlist(body: unknown, editionSeats: number): Validated<WaitlistForm> {
  const schema = Joi.object<WaitlistForm>({
    seats: Joi.number()
      .integer()
      .min(1)
      .max(editionSeats)
      .required()
      .messages({
        'any.required': `${V}.seatsRequired`,
        'number.base': `${V}.seatsInvalid`,
        'number.integer': `${V}.seatsInvalid`,
        'number.min': `${V}.seatsInvalid`,
        'number.max': `${V}.seatsTooMany`,
      }),
  });
  const body_ = (body ?? {}) as Record<string, unknown>;
  // An empty field is a missing one, not a malformed number.
  const input = { seats: body_.seats === '' ? undefined : body_.seats };
  return validate(schema, input);
}
