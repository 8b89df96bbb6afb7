import { Joi } from './fields.js';

/** "Accedi come": the organisation to see the site in, the reason (kept in the audit trail), the confirmation. */
export interface ImpersonationForm {
  organisationId: string;
  reason: string;
  confirm: string;
}

export const impersonationSchema = Joi.object<ImpersonationForm>({
  organisationId: Joi.string().trim().guid().required().messages({
    'any.required': 'impersonation:validation.organisationRequired',
    'string.empty': 'impersonation:validation.organisationRequired',
    'string.guid': 'impersonation:validation.organisationUnknown',
  }),
  reason: Joi.string().trim().min(5).max(1000).required().messages({
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
