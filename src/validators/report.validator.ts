import { REPORT_NOTE_MAX, REPORT_REASONS, type ChosenReason } from '../lib/reports.js';
import { Joi, multiline } from './fields.js';
import { validate, type Validated } from './validate.js';

/** A person's report: a reason from the list, and a note (required with "Altro"). */
export interface ReportForm {
  reason: ChosenReason;
  note: string | null;
}

const schema = Joi.object<ReportForm>({
  reason: Joi.string()
    .valid(...REPORT_REASONS)
    .required()
    .messages({
      'any.required': 'reports:validation.reasonRequired',
      'any.only': 'reports:validation.reasonRequired',
      'string.empty': 'reports:validation.reasonRequired',
      'string.base': 'reports:validation.reasonRequired',
    }),
  note: multiline(Joi.string())
    .trim()
    .max(REPORT_NOTE_MAX)
    .allow('')
    .empty('')
    .default(null)
    .when('reason', { is: 'other', then: Joi.required() })
    .messages({
      'any.required': 'reports:validation.noteRequired',
      'string.max': 'reports:validation.noteLong',
      'string.base': 'reports:validation.noteRequired',
    }),
});

export function validateReport(input: unknown): Validated<ReportForm> {
  return validate(schema, input);
}

/** The operator's decision on an item: the reason (the author is told it), and the confirmation. */
export interface DecisionForm {
  reason: string;
  confirm: string;
}

export const decisionSchema = Joi.object<DecisionForm>({
  reason: multiline(Joi.string()).trim().min(5).max(REPORT_NOTE_MAX).required().messages({
    'any.required': 'admin:validation.reasonRequired',
    'string.empty': 'admin:validation.reasonRequired',
    'string.min': 'admin:validation.reasonShort',
    'string.max': 'admin:validation.reasonLong',
  }),
  confirm: Joi.string().valid('1').required().messages({
    'any.required': 'admin:validation.confirmRequired',
    'any.only': 'admin:validation.confirmRequired',
  }),
});
