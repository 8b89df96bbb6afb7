import type { ObjectSchema } from 'joi';
import { Joi } from './fields.js';
import { suspensionSchema, type SuspensionForm } from './admin.validator.js';

/** "Emetti le fatture del mese": the month, the reason kept in the audit trail, and the confirmation. */
export interface InvoiceIssueForm extends SuspensionForm {
  month: string;
}

const month = Joi.string()
  .trim()
  .pattern(/^\d{4}-(0[1-9]|1[0-2])$/);

export const invoiceIssueSchema = (suspensionSchema as unknown as ObjectSchema<InvoiceIssueForm>).keys({
  month: month.required().messages({
    'any.required': 'invoices:admin.monthInvalid',
    'string.empty': 'invoices:admin.monthInvalid',
    'string.pattern.base': 'invoices:admin.monthInvalid',
  }),
});
