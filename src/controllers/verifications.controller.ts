import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import {
  emailWaitingPage,
  verificationInstructionsPage,
  verificationPage,
  type VerificationState,
} from '../pages/auth.page.js';
import {
  addressOfExpiredVerification,
  checkVerificationToken,
  resendVerification,
  verifyEmail,
} from '../services/accounts.service.js';
import { emailOnlySchema } from '../validators/password.validator.js';
import { validate } from '../validators/validate.js';
import { renderLogin } from './sessions.controller.js';
import { safeReturnTo } from '../lib/return-to.js';

const STATUS: Record<VerificationState, number> = { loading: 200, success: 200, expired: 410, error: 400 };

type StateData = Parameters<typeof verificationPage>[1] & { status?: number };

function renderState(res: Response, state: VerificationState, { status, ...data }: StateData): void {
  res.status(status ?? STATUS[state]).render('auth/verification', verificationPage(state, data));
}

/** Our links carry ?token=; links written for the old hosted service carried token_hash. */
function tokenOf(req: Request): unknown {
  return req.query.token ?? req.query.token_hash;
}

/** GET /auth/verify, /auth/callback, /email-verification, /email-verification-confirm */
export async function show(req: Request, res: Response): Promise<void> {
  const token = tokenOf(req);
  // The error codes of links written for the old hosted service (docs/product.md §8, verification).
  if (req.query.error_code === 'otp_expired')
    return renderState(res, 'expired', { messageKey: 'auth:verification.expired.message' });
  if (req.query.error_code === 'access_denied')
    return renderState(res, 'error', { messageKey: 'auth:verification.error.accessDenied' });
  if (req.query.error || req.query.error_code)
    return renderState(res, 'error', { messageKey: 'auth:verification.error.generic' });
  if (token === undefined) return renderState(res, 'error', { messageKey: 'auth:verification.error.missing' });
  const state = await checkVerificationToken(token);
  if (state === 'expired')
    return renderState(res, 'expired', { messageKey: 'auth:verification.expired.message', token: String(token) });
  if (state === 'invalid') return renderState(res, 'error', { messageKey: 'auth:verification.error.invalid' });
  // Confirmation needs a POST: mail scanners that open links must not use up the token. Where the person
  // was going (a booking) travels along, only as a same-site path.
  const returnTo = safeReturnTo(req.query.returnTo) ?? undefined;
  renderState(res, 'loading', { messageKey: 'auth:verification.loading.message', token: String(token), returnTo });
}

/** POST /auth/verify */
export async function create(req: Request, res: Response): Promise<void> {
  const body = req.body as Record<string, unknown>;
  const token = body.token;
  const returnTo = safeReturnTo(body.returnTo) ?? safeReturnTo(req.session.pendingReturnTo);
  const result = await verifyEmail(token);
  if (result.status === 'expired') {
    return renderState(res, 'expired', { messageKey: 'auth:verification.expired.message', token: String(token) });
  }
  if (result.status === 'invalid') return renderState(res, 'error', { messageKey: 'auth:verification.error.invalid' });
  delete req.session.pendingVerificationEmail;
  delete req.session.pendingVerificationUserType;
  delete req.session.pendingReturnTo;
  // docs/product.md §2: after registration clients go to /client/profile, providers to /provider/profile;
  // a client who registered on the way to a booking goes back to it.
  const back = result.userType === 'client' && returnTo ? returnTo : `/${result.userType}/profile`;
  const next = `/auth/login?verified=true&returnTo=${encodeURIComponent(back)}`;
  // "Reindirizzamento in corso...": on to the login page after 2 seconds (docs/product.md §9), without script.
  res.setHeader('Refresh', `2; url=${next}`);
  renderState(res, 'success', { messageKey: 'auth:verification.success.message', next });
}

function renderWaiting(req: Request, res: Response, status: number, banner: string | null): void {
  const email = req.session.pendingVerificationEmail;
  if (!email) return res.redirect(req.method === 'GET' ? 302 : 303, '/auth/register');
  res
    .status(status)
    .render('auth/email-waiting', emailWaitingPage(email, req.session.pendingVerificationUserType ?? null, banner));
}

/** GET /email-waiting — the address waits in the session; without one there is nothing to wait for. */
export function waiting(req: Request, res: Response): void {
  renderWaiting(req, res, 200, null);
}

/** GET /email-verification-wait */
export function instructions(_req: Request, res: Response): void {
  res.render('auth/verification-instructions', verificationInstructionsPage());
}

/**
 * POST /auth/verification-email over a rate limit: the page whose button was pressed (login page with
 * the address typed, expired link, waiting page), "Troppi tentativi..." in its banner.
 */
export function limited(req: Request, res: Response, message: string): void {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const status = res.statusCode;
  if (typeof body.email === 'string' && body.email.trim()) {
    return renderLogin(req, res, status, { email: body.email, returnTo: null, banner: { type: 'error', message } });
  }
  if (typeof body.token === 'string') {
    return renderState(res, 'expired', {
      messageKey: 'auth:verification.expired.message',
      token: body.token,
      status,
      banner: message,
    });
  }
  renderWaiting(req, res, status, message);
}

/**
 * POST /auth/verification-email — "Invia di nuovo", from the waiting page (the session's address), the
 * login page (the address just typed) or an expired link (its token). Always the same answer.
 */
export async function resend(req: Request, res: Response): Promise<void> {
  const body = req.body as Record<string, unknown>;
  let email: string | null;
  if (typeof body.email === 'string' && body.email.trim()) {
    const form = validate(emailOnlySchema, { email: body.email });
    if (!form.ok) {
      req.flash('error', form.errors.email ?? t('validation:auth.emailInvalid'));
      return res.redirect(303, '/auth/login');
    }
    email = form.value.email;
  } else if (body.token !== undefined) {
    email = await addressOfExpiredVerification(body.token);
  } else {
    email = req.session.pendingVerificationEmail ?? null;
  }
  if (!email) return res.redirect(303, '/auth/register');
  await resendVerification(email, safeReturnTo(req.session.pendingReturnTo));
  req.session.pendingVerificationEmail = email;
  req.flash('success', t('auth:waiting.resent'));
  res.redirect(303, '/email-waiting');
}
