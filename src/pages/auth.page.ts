import { t } from '../config/i18n.js';
import type { FormErrors } from '../validators/validate.js';

/**
 * The account screens (views/auth/*.ejs): login, registration, password reset, e-mail verification and
 * the waiting page. Each builder takes what the controller knows and returns the template's view.
 */

type Banner = { type: 'error' | 'success' | 'warning'; message: string };

export interface LoginState {
  email?: unknown;
  returnTo: string | null;
  errors?: FormErrors;
  banner?: Banner;
  unverifiedEmail?: string;
  /** ?verified=true: the account was just confirmed, the page says so when it has no other banner. */
  justVerified?: boolean;
}

export interface LoginView {
  title: string;
  description: string;
  noindex: true;
  email: string;
  returnTo: string | null;
  errors: FormErrors;
  banner: Banner | null;
  unverifiedEmail: string | null;
}

export function loginPage(state: LoginState): LoginView {
  return {
    title: t('auth:login.title'),
    description: t('auth:login.description'),
    noindex: true,
    email: typeof state.email === 'string' ? state.email : '',
    returnTo: state.returnTo,
    errors: state.errors ?? {},
    banner: state.banner ?? (state.justVerified ? { type: 'success', message: t('auth:login.verifiedBanner') } : null),
    unverifiedEmail: state.unverifiedEmail ?? null,
  };
}

export interface RegisterView {
  title: string;
  description: string;
  /** Where to go once the account is confirmed (a same-site path), kept through registration. */
  returnTo: string | null;
  values: Record<string, unknown>;
  errors: FormErrors;
  banner: string | null;
}

export function registerPage(
  values: Record<string, unknown>,
  errors: FormErrors = {},
  banner: string | null = null,
): RegisterView {
  // Passwords are never sent back.
  const { password: _p, confirmPassword: _c, returnTo, ...kept } = values;
  return {
    title: t('auth:register.title'),
    description: t('auth:register.description'),
    returnTo: typeof returnTo === 'string' ? returnTo : null,
    values: kept,
    errors,
    banner,
  };
}

export interface ForgotPasswordView {
  title: string;
  noindex: true;
  sent: boolean;
  email: string;
  errors: FormErrors;
  banner: string | null;
}

export function forgotPasswordPage(state: {
  sent?: boolean;
  email?: unknown;
  errors?: FormErrors;
  banner?: string;
}): ForgotPasswordView {
  return {
    title: t('auth:forgot.title'),
    noindex: true,
    sent: state.sent ?? false,
    email: typeof state.email === 'string' ? state.email : '',
    errors: state.errors ?? {},
    banner: state.banner ?? null,
  };
}

export interface ResetPasswordView {
  title: string;
  noindex: true;
  state: 'form' | 'expired' | 'invalid';
  token: string | null;
  errors: FormErrors;
}

export function resetPasswordPage(token: string, errors: FormErrors = {}): ResetPasswordView {
  return { title: t('auth:reset.title'), noindex: true, state: 'form', token, errors };
}

/** A reset link that can no longer be used: expired (410) or never valid (400). */
export function unusableResetPage(state: 'expired' | 'invalid'): ResetPasswordView {
  return { title: t(`auth:reset.${state}.title`), noindex: true, state, token: null, errors: {} };
}

export type VerificationState = 'loading' | 'success' | 'expired' | 'error';

export interface VerificationView {
  title: string;
  noindex: true;
  state: VerificationState;
  message: string;
  token: string | null;
  next: string | null;
  banner: string | null;
  /** Where the person was going before registering (a same-site path), carried by the confirming POST. */
  returnTo: string | null;
}

export function verificationPage(
  state: VerificationState,
  data: { messageKey: string; token?: string; next?: string; banner?: string; returnTo?: string },
): VerificationView {
  return {
    title: t(`auth:verification.${state}.title`),
    noindex: true,
    state,
    message: t(data.messageKey),
    token: data.token ?? null,
    next: data.next ?? null,
    banner: data.banner ?? null,
    returnTo: data.returnTo ?? null,
  };
}

export interface EmailWaitingView {
  title: string;
  noindex: true;
  email: string;
  userType: string | null;
  banner: string | null;
}

export function emailWaitingPage(email: string, userType: string | null, banner: string | null): EmailWaitingView {
  return { title: t('auth:waiting.title'), noindex: true, email, userType, banner };
}

export function verificationInstructionsPage(): { title: string; noindex: true } {
  return { title: t('auth:instructions.title'), noindex: true };
}
