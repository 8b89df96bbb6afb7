import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { loadCurrentUser } from '../config/passport.js';
import { secondFactorPage, type SecondFactorState } from '../pages/account-security.page.js';
import { admitLoginAttempt, passwordAccepted } from '../services/login-limits.service.js';
import { minutesUntil } from '../services/rate-limit.service.js';
import { checkSecondFactor } from '../services/two-factor.service.js';
import { secondFactorSchema } from '../validators/account.validator.js';
import { validate } from '../validators/validate.js';
import { landingOf, pendingSecondFactor, signIn } from './sign-in.js';

function render(res: Response, status: number, state: SecondFactorState = {}): void {
  res.status(status).render('auth/second-factor', secondFactorPage(state));
}

/** No pending second step (none, or older than its minutes): back to the login form, which says so. */
function expired(req: Request, res: Response): void {
  if (req.session.pendingSecondFactor) {
    delete req.session.pendingSecondFactor;
    req.flash('error', t('account:secondFactor.expired'));
  }
  res.redirect(303, '/auth/login');
}

/** GET /auth/second-factor: the code of the authenticator app (or a recovery code) after the password. */
export function show(req: Request, res: Response): void {
  if (!pendingSecondFactor(req)) return expired(req, res);
  render(res, 200);
}

/** POST /auth/second-factor: the same limits as the password (login-limits.service), counted before the check. */
export async function create(req: Request, res: Response): Promise<void> {
  const pending = pendingSecondFactor(req);
  if (!pending) return expired(req, res);
  const form = validate(secondFactorSchema, req.body);
  if (!form.ok) return render(res, 422, { errors: form.errors });
  const ip = req.ip ?? 'unknown';
  const admission = await admitLoginAttempt(ip, pending.email);
  if (!admission.allowed) {
    res.setHeader('Retry-After', String(admission.retryAfterSeconds));
    return render(res, 429, { banner: t('auth:rateLimited', { count: minutesUntil(admission.retryAfterSeconds) }) });
  }
  const accepted = await checkSecondFactor(pending.userId, form.value.code);
  if (!accepted) return render(res, 401, { errors: { code: t('account:secondFactor.wrong') } });
  await passwordAccepted(ip, pending.email);
  const user = await loadCurrentUser(pending.userId);
  if (!user) return expired(req, res);
  await signIn(req, user, true);
  req.flash('success', t(accepted === 'recovery' ? 'account:secondFactor.recoveryUsed' : 'auth:login.success'));
  res.redirect(303, accepted === 'recovery' ? '/account/two-factor' : (pending.returnTo ?? landingOf(user)));
}
