import type { Request, Response } from 'express';
import passport from 'passport';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import type { LoginFailure } from '../config/passport.js';
import { safeReturnTo } from '../lib/return-to.js';
import { loginPage, type LoginState } from '../pages/auth.page.js';
import { admitLoginAttempt, passwordAccepted } from '../services/login-limits.service.js';
import { minutesUntil } from '../services/rate-limit.service.js';
import { secondFactorRequired } from '../services/two-factor.service.js';
import { awaitSecondFactor, landingOf, signIn } from './sign-in.js';
import { loginSchema } from '../validators/login.validator.js';
import { validate } from '../validators/validate.js';

/** The login page with its status; the verification resend also answers with it (its rate limit). */
export function renderLogin(req: Request, res: Response, status: number, state: LoginState): void {
  res.status(status).render('auth/login', loginPage({ ...state, justVerified: req.query.verified === 'true' }));
}

/** GET /auth/login */
export function newSession(req: Request, res: Response): void {
  renderLogin(req, res, 200, { returnTo: safeReturnTo(req.query.returnTo) });
}

function runLocalStrategy(req: Request, res: Response): Promise<{ user: Express.User | false; info?: LoginFailure }> {
  return new Promise((resolve, reject) => {
    passport.authenticate(
      'local',
      { session: false },
      (err: unknown, user: Express.User | false, info?: LoginFailure) => (err ? reject(err) : resolve({ user, info })),
    )(req, res, reject);
  });
}

/** POST /auth/login */
export async function create(req: Request, res: Response): Promise<void> {
  const returnTo = safeReturnTo((req.body as Record<string, unknown>).returnTo);
  const form = validate(loginSchema, req.body);
  if (!form.ok) return renderLogin(req, res, 422, { email: form.value.email, returnTo, errors: form.errors });
  const { email } = form.value;
  const ip = req.ip ?? 'unknown';

  // Counted before the password is checked: simultaneous attempts cannot check more than the limit.
  const admission = await admitLoginAttempt(ip, email);
  if (!admission.allowed) {
    res.setHeader('Retry-After', String(admission.retryAfterSeconds));
    const message = t('auth:rateLimited', { count: minutesUntil(admission.retryAfterSeconds) });
    return renderLogin(req, res, 429, { email, returnTo, banner: { type: 'error', message } });
  }

  const { user, info } = await runLocalStrategy(req, res);
  if (!user) {
    if (info?.reason === 'unverified') {
      await passwordAccepted(ip, email);
      const message = t('errors:catalogue.email_not_confirmed');
      return renderLogin(req, res, 403, {
        email,
        returnTo,
        banner: { type: 'warning', message },
        unverifiedEmail: info.email,
      });
    }
    const message = t(info?.reason === 'suspended' ? 'auth:login.suspended' : 'errors:catalogue.invalid_credentials');
    return renderLogin(req, res, 401, { email, returnTo, banner: { type: 'error', message } });
  }

  await passwordAccepted(ip, email);
  if (await secondFactorRequired(user.personId)) {
    await awaitSecondFactor(req, { userId: user.personId, email, returnTo });
    return res.redirect(303, '/auth/second-factor');
  }
  await signIn(req, user);
  req.flash('success', t('auth:login.success'));
  res.redirect(303, returnTo ?? landingOf(user));
}

/** POST /auth/logout — whatever happens, the user ends up on the home page (docs/product.md §2). */
export async function destroy(req: Request, res: Response): Promise<void> {
  try {
    // passport removes the user and regenerates the session: the old one is deleted from the store.
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
    req.flash('success', t('auth:logout.success'));
  } catch (err) {
    logger.warn('logout failed', { requestId: req.id, ...errorFields(err) });
  }
  res.redirect(303, '/');
}
