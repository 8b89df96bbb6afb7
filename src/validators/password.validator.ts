import { confirmPasswordField, emailField, Joi, newPasswordField } from './fields.js';

/** POST /forgot-password and POST /auth/verification-email: one address. */
export interface EmailForm {
  email: string;
}

export const emailOnlySchema = Joi.object<EmailForm>({
  email: emailField('validation:auth.emailRequired'),
});

export interface ResetPasswordForm {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /auth/reset-password: the new password follows the registration rules. */
export const resetPasswordSchema = Joi.object<ResetPasswordForm>({
  token: Joi.string().max(200).required(),
  password: newPasswordField(),
  confirmPassword: confirmPasswordField(),
});
