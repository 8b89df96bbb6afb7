import { PAYMENT_METHODS, type PaymentMethod } from '../lib/payment-options.js';
import { Joi } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The provider's "Pagamento ricevuto" form: the day the money arrived and how it was paid. */

const V = 'validation:payment';

export interface PaymentForm {
  paidOn: string;
  method: PaymentMethod;
}

interface Limits {
  /** 'YYYY-MM-DD': a payment is not received before the booking existed, nor after today. */
  earliest: string;
  today: string;
}

export function validatePayment(body: unknown, limits: Limits): Validated<PaymentForm> {
  const schema = Joi.object<{ paid_on: string; method: PaymentMethod }>({
    paid_on: Joi.string()
      .trim()
      .required()
      .pattern(/^\d{4}-\d{2}-\d{2}$/)
      .custom((value: string, helpers) => {
        const d = new Date(`${value}T12:00:00Z`);
        if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
          return helpers.error('string.pattern.base');
        if (value > limits.today) return helpers.message({ custom: `${V}.paidOnFuture` });
        if (value < limits.earliest) return helpers.message({ custom: `${V}.paidOnBeforeBooking` });
        return value;
      })
      .messages({
        'any.required': `${V}.paidOnRequired`,
        'string.empty': `${V}.paidOnRequired`,
        'string.pattern.base': `${V}.paidOnInvalid`,
      }),
    method: Joi.string()
      .valid(...PAYMENT_METHODS)
      .required()
      .messages({
        'any.required': `${V}.methodRequired`,
        'any.only': `${V}.methodRequired`,
        'string.empty': `${V}.methodRequired`,
      }),
  });
  const result = validate(schema, body);
  if (!result.ok) return result;
  return { ok: true, value: { paidOn: result.value.paid_on, method: result.value.method } };
}
