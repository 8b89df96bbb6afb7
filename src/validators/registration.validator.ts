import type { Registration } from '../services/accounts.service.js';
import {
  confirmPasswordField,
  emailField,
  Joi,
  newPasswordField,
  optionalText,
  phoneField,
  requiredText,
} from './fields.js';

export interface RegistrationForm extends Registration {
  confirmPassword: string;
  terms: true;
}

/** POST /auth/register — docs/product.md §5 "Registration". */
export const registrationSchema = Joi.object<RegistrationForm>({
  userType: Joi.string().valid('client', 'provider').required().messages({
    'any.required': 'validation:auth.userTypeRequired',
    'any.only': 'validation:auth.userTypeRequired',
    'string.base': 'validation:auth.userTypeRequired',
    'string.empty': 'validation:auth.userTypeRequired',
  }),
  companyName: requiredText(200, 'validation:auth.companyNameRequired'),
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: phoneField(null, 'validation:auth.phoneInvalid'),
  email: emailField('validation:auth.emailRequired'),
  password: newPasswordField(),
  confirmPassword: confirmPasswordField(),
  terms: Joi.boolean().truthy('on', '1', 'true').valid(true).required().messages({
    'any.required': 'validation:auth.termsRequired',
    'any.only': 'validation:auth.termsRequired',
    'boolean.base': 'validation:auth.termsRequired',
  }),
});
