import { t } from '../config/i18n.js';
import { defaultBusinessName } from '../documents/words.js';
import type { CurrentUser } from '../lib/current-user.js';
import type { LinkState } from '../services/invitations.service.js';
import type { FormErrors } from '../validators/validate.js';

/** The page of an invitation's link (/inviti/:token): accept, sign in or register; or why it no longer works. */
export interface InvitationView {
  title: string;
  noindex: true;
  state: 'valid' | 'used' | 'expired' | 'unknown';
  /** While valid: what the invitation is for, and the path of its forms. */
  invitation: { organisation: string; role: string; email: string; action: string; loginHref: string } | null;
  /** A signed-in person accepts with one button; the address they are signed in with. */
  signedInAs: string | null;
  /** A visitor whose address has no account yet registers; otherwise they sign in. */
  canRegister: boolean;
  values: { firstName: string; lastName: string };
  errors: FormErrors;
  banner: string | null;
}

export function invitationPage(
  token: string,
  link: LinkState,
  user: Pick<CurrentUser, 'email'> | undefined,
  state: { values?: Record<string, unknown>; errors?: FormErrors; banner?: string } = {},
): InvitationView {
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const found = link.status === 'valid' ? link.invitation : null;
  const organisation = found?.organisationName?.trim() || defaultBusinessName();
  const path = `/inviti/${token}`;
  return {
    title: found ? t('account:invitation.title', { organisation }) : t(`account:invitation.${link.status}.title`),
    noindex: true,
    state: link.status,
    invitation: found
      ? {
          organisation,
          role: t(`account:roles.${found.kind}.${found.role}`),
          email: found.email,
          action: path,
          loginHref: `/auth/login?returnTo=${encodeURIComponent(path)}`,
        }
      : null,
    signedInAs: user?.email ?? null,
    canRegister: link.status === 'valid' && !user && !link.accountExists,
    values: { firstName: text(state.values?.firstName), lastName: text(state.values?.lastName) },
    errors: state.errors ?? {},
    banner: state.banner ?? null,
  };
}
