import { emailField, Joi } from './fields.js';

export interface LoginForm {
  email: string;
  password: string;
  returnTo: string | null;
}

/** POST /auth/login — docs/product.md §5 "Login": "Email non valida", "Email è richiesta", "Password è richiesta". */
export const loginSchema = Joi.object<LoginForm>({
  email: emailField('validation:auth.emailRequiredLogin'),
  password: Joi.string().max(1024).required().messages({
    'any.required': 'validation:auth.passwordRequiredLogin',
    'string.empty': 'validation:auth.passwordRequiredLogin',
    'string.base': 'validation:auth.passwordRequiredLogin',
    'string.max': 'validation:auth.passwordRequiredLogin',
  }),
  // Checked by safeReturnTo(); anything else is simply ignored.
  returnTo: Joi.any().empty('').default(null),
});
