import {
  TRAINING_DELIVERY_MODES,
  TRAINING_KINDS,
  TRAINING_SCOPES,
  type TrainingDeliveryMode,
  type TrainingKind,
  type TrainingScope,
} from '../lib/training-kinds.js';
import { parseDay, TRAINING_HOURS_MAX, TRAINING_PROVIDER_MAX } from '../lib/worker-fields.js';
import type { DeclaredTraining } from '../models/workers/trainings.js';
import { Joi, optionalText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** "Aggiungi una formazione già svolta": a course the worker did before, declared by the client. */

const V = 'workers:validation';

function schemaFor(today: string) {
  return Joi.object({
    kind: Joi.string()
      .required()
      .valid(...TRAINING_KINDS)
      .messages({
        'any.required': `${V}.kindRequired`,
        'string.empty': `${V}.kindRequired`,
        'any.only': `${V}.kindRequired`,
      }),
    scope: Joi.string()
      .required()
      .valid(...TRAINING_SCOPES)
      .messages({
        'any.required': `${V}.scopeRequired`,
        'string.empty': `${V}.scopeRequired`,
        'any.only': `${V}.scopeRequired`,
      }),
    // The rules count a course only in the modes they allow for its kind: the form asks, never assumes.
    delivery_mode: Joi.string()
      .required()
      .valid(...TRAINING_DELIVERY_MODES)
      .messages({
        'any.required': `${V}.deliveryModeRequired`,
        'string.empty': `${V}.deliveryModeRequired`,
        'any.only': `${V}.deliveryModeRequired`,
      }),
    completed_on: Joi.string()
      .trim()
      .required()
      .custom((value: string, helpers) => {
        const day = parseDay(value);
        if (!day) return helpers.error('string.day');
        return day > today ? helpers.error('string.future') : day;
      })
      .messages({
        'any.required': `${V}.completedOnRequired`,
        'string.empty': `${V}.completedOnRequired`,
        'string.day': `${V}.completedOnInvalid`,
        'string.future': `${V}.completedOnFuture`,
      }),
    hours: Joi.number()
      .greater(0)
      .max(TRAINING_HOURS_MAX)
      .precision(2)
      .required()
      .messages({
        'any.required': `${V}.hoursRequired`,
        'number.base': `${V}.hoursInvalid`,
        'number.greater': `${V}.hoursInvalid`,
        'number.max': `${V}.hoursInvalid`,
      }),
    provider_name: optionalText(TRAINING_PROVIDER_MAX),
  });
}

/** `today` is the day in Europe/Rome: a course cannot end after it. Hours accept a decimal comma ("1,5"). */
export function validateDeclaredTraining(body: unknown, today: string): Validated<DeclaredTraining> {
  const input = { ...(body as Record<string, unknown>) };
  if (typeof input.hours === 'string') input.hours = input.hours.trim().replace(',', '.') || undefined;
  const form = validate<Record<string, unknown>>(schemaFor(today), input);
  if (!form.ok) return { ...form, value: { ...(body as Record<string, unknown>) } };
  const v = form.value;
  return {
    ok: true,
    value: {
      kind: v.kind as TrainingKind,
      scope: v.scope as TrainingScope,
      completedOn: v.completed_on as string,
      hours: v.hours as number,
      deliveryMode: v.delivery_mode as TrainingDeliveryMode,
      providerName: (v.provider_name as string | null) ?? null,
    },
  };
}
