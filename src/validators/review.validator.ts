import {
  REVIEW_ASPECTS,
  REVIEW_COMMENT_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_TITLE_MAX,
  type ReviewAspect,
} from '../lib/review-aspects.js';
import { Joi, optionalText, requiredText } from './fields.js';
import { validate, type Validated } from './validate.js';

/** The review form (rating, title, comment, aspects) and the provider's reply. */

const V = 'reviews:validation';

export interface ReviewForm {
  rating: number;
  title: string | null;
  comment: string | null;
  aspects: Partial<Record<ReviewAspect, number>>;
}

const stars = () => Joi.number().integer().min(1).max(5);

const schema = Joi.object({
  rating: stars()
    .required()
    .messages({
      'any.required': `${V}.ratingRequired`,
      'number.base': `${V}.ratingRequired`,
      'number.integer': `${V}.ratingRequired`,
      'number.min': `${V}.ratingRequired`,
      'number.max': `${V}.ratingRequired`,
    }),
  title: optionalText(REVIEW_TITLE_MAX),
  comment: optionalText(REVIEW_COMMENT_MAX, { lines: true }),
  ...Object.fromEntries(
    REVIEW_ASPECTS.map((a) => [
      `aspect_${a}`,
      stars()
        .empty('')
        .default(null)
        .messages({
          'number.base': `${V}.aspectInvalid`,
          'number.integer': `${V}.aspectInvalid`,
          'number.min': `${V}.aspectInvalid`,
          'number.max': `${V}.aspectInvalid`,
        }),
    ]),
  ),
});

export function validateReview(body: unknown): Validated<ReviewForm> {
  const form = validate<Record<string, unknown>>(schema, body);
  if (!form.ok) return form;
  const v = form.value;
  const aspects: Partial<Record<ReviewAspect, number>> = {};
  for (const a of REVIEW_ASPECTS) {
    const value = v[`aspect_${a}`];
    if (typeof value === 'number') aspects[a] = value;
  }
  return {
    ok: true,
    value: {
      rating: v.rating as number,
      title: (v.title as string | null) ?? null,
      comment: (v.comment as string | null) ?? null,
      aspects,
    },
  };
}

export interface ReplyForm {
  reply: string;
}

const replySchema = Joi.object<ReplyForm>({
  reply: requiredText(REVIEW_REPLY_MAX, `${V}.replyRequired`, { lines: true }),
});

export function validateReply(body: unknown): Validated<ReplyForm> {
  return validate(replySchema, body);
}
