import { confirmPasswordField, emailField, Joi, newPasswordField } from './fields.js';

const currentPasswordField = (): ReturnType<typeof Joi.string> =>
  Joi.string().max(1024).required().messages({
    'any.required': 'validation:account.currentPasswordRequired',
    'string.empty': 'validation:account.currentPasswordRequired',
    'string.base': 'validation:account.currentPasswordRequired',
    'string.max': 'validation:account.currentPasswordRequired',
  });

export interface PasswordChangeForm {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** POST /account/password: the current password, and the new one twice (the registration rules). */
export const passwordChangeSchema = Joi.object<PasswordChangeForm>({
  currentPassword: currentPasswordField(),
  password: newPasswordField(),
  confirmPassword: confirmPasswordField(),
});

export interface SessionEndForm {
  session: string;
}

/** POST /account/sessions/ending: the handle of one of the user's sessions. */
export const sessionEndSchema = Joi.object<SessionEndForm>({
  session: Joi.string()
    .pattern(/^[0-9a-f]{32}$/)
    .required()
    .messages({ '*': 'validation:account.sessionUnknown' }),
});

/** A six-digit code from the authenticator app, or a recovery code (xxxxx-xxxxx), spaces allowed. */
export interface SecondFactorForm {
  code: string;
}

export const secondFactorSchema = Joi.object<SecondFactorForm>({
  code: Joi.string()
    .trim()
    .max(32)
    .pattern(/^(?:\d[\s]*){6}$|^[a-z0-9]{5}-?[a-z0-9]{5}$/i)
    .required()
    .messages({
      'any.required': 'validation:account.codeRequired',
      'string.empty': 'validation:account.codeRequired',
      'string.base': 'validation:account.codeRequired',
      'string.max': 'validation:account.codeInvalid',
      'string.pattern.base': 'validation:account.codeInvalid',
    }),
});

export interface TotpDisableForm {
  currentPassword: string;
  code: string;
}

/** POST /account/two-factor/disabling: the password and a code (or a recovery code). */
export const totpDisableSchema = Joi.object<TotpDisableForm>({
  currentPassword: currentPasswordField(),
  code: secondFactorSchema.extract('code'),
});

export interface PasswordOnlyForm {
  currentPassword: string;
}

/** A re-authentication before a sensitive step (new recovery codes). */
export const passwordOnlySchema = Joi.object<PasswordOnlyForm>({ currentPassword: currentPasswordField() });

export interface EmailChangeForm {
  newEmail: string;
  currentPassword: string;
}

/** POST /account/email: the new login email and the password. */
export const emailChangeSchema = Joi.object<EmailChangeForm>({
  newEmail: emailField('validation:auth.emailRequired'),
  currentPassword: currentPasswordField(),
});

export interface AccountErasureForm {
  currentPassword: string;
  code?: string;
}

/** POST /account/deletion: the password, and a code when two-factor sign-in is on (the service decides). */
export const accountErasureSchema = Joi.object<AccountErasureForm>({
  currentPassword: currentPasswordField(),
  code: secondFactorSchema.extract('code').optional().allow(''),
});
