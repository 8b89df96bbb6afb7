import { CLIENT_ROLES, PROVIDER_ROLES, type Role } from '../lib/permissions.js';
import { confirmPasswordField, emailField, Joi, newPasswordField, requiredText } from './fields.js';

const ROLES = [...new Set<Role>([...CLIENT_ROLES, ...PROVIDER_ROLES])];

/** A role of either kind; the service checks it is one of the organisation's kind. */
const roleField = () =>
  Joi.string()
    .valid(...ROLES)
    .required()
    .messages({
      'any.required': 'validation:members.roleRequired',
      'any.only': 'validation:members.roleRequired',
      'string.base': 'validation:members.roleRequired',
      'string.empty': 'validation:members.roleRequired',
    });

const idField = () => Joi.string().guid().required();

export interface InvitationForm {
  email: string;
  role: Role;
}

/** POST /account/membri/inviti: the address to invite and the role they will have. */
export const invitationSchema = Joi.object<InvitationForm>({
  email: emailField('validation:members.emailRequired'),
  role: roleField(),
});

export interface RoleChangeForm {
  personId: string;
  role: Role;
}

/** POST /account/membri/ruolo */
export const roleChangeSchema = Joi.object<RoleChangeForm>({ personId: idField(), role: roleField() });

/** POST /account/membri/rimozione */
export const removalSchema = Joi.object<{ personId: string }>({ personId: idField() });

/** POST /account/membri/inviti/annullamento */
export const cancellationSchema = Joi.object<{ invitationId: string }>({ invitationId: idField() });

export interface InviteeRegistrationForm {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/** POST /inviti/:token/registrazione: the invitee's name and password (the address is the invitation's). */
export const inviteeRegistrationSchema = Joi.object<InviteeRegistrationForm>({
  firstName: requiredText(100, 'validation:members.firstNameRequired'),
  lastName: requiredText(100, 'validation:members.lastNameRequired'),
  password: newPasswordField(),
  confirmPassword: confirmPasswordField(),
});
