import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { forgotPasswordPage, resetPasswordPage, unusableResetPage } from '../pages/auth.page.js';
import { checkResetToken, requestPasswordReset, resetPassword } from '../services/accounts.service.js';
import { emailOnlySchema, resetPasswordSchema } from '../validators/password.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

function renderRequest(res: Response, status: number, state: Parameters<typeof forgotPasswordPage>[0]): void {
  res.status(status).render('auth/forgot-password', forgotPasswordPage(state));
}

/** GET /forgot-password (?sent=1 after a request: the same neutral message for every address) */
export function forgot(req: Request, res: Response): void {
  renderRequest(res, 200, { sent: req.query.sent === '1' });
}

/** POST /forgot-password over a rate limit: the form with the address typed, "Troppi tentativi..." in its banner. */
export function limited(req: Request, res: Response, message: string): void {
  renderRequest(res, res.statusCode, {
    email: (req.body as Record<string, unknown> | undefined)?.email,
    banner: message,
  });
}

/** POST /forgot-password */
export async function requestReset(req: Request, res: Response): Promise<void> {
  const form = validate(emailOnlySchema, req.body);
  if (!form.ok) return renderRequest(res, 422, { email: form.value.email, errors: form.errors });
  await requestPasswordReset(form.value.email);
  res.redirect(303, '/forgot-password?sent=1');
}

function renderForm(res: Response, status: number, token: string, errors: FormErrors = {}): void {
  res.status(status).render('auth/reset-password', resetPasswordPage(token, errors));
}

function renderUnusable(res: Response, state: 'expired' | 'invalid'): void {
  res.status(state === 'expired' ? 410 : 400).render('auth/reset-password', unusableResetPage(state));
}

/** GET /auth/reset-password?token=... */
export async function edit(req: Request, res: Response): Promise<void> {
  const state = await checkResetToken(req.query.token);
  if (state !== 'valid') return renderUnusable(res, state);
  renderForm(res, 200, String(req.query.token));
}

/** POST /auth/reset-password */
export async function update(req: Request, res: Response): Promise<void> {
  const token = (req.body as Record<string, unknown>).token;
  const state = await checkResetToken(token);
  if (state !== 'valid') return renderUnusable(res, state);
  const form = validate(resetPasswordSchema, req.body);
  if (!form.ok) return renderForm(res, 422, String(token), form.errors);
  const result = await resetPassword(form.value.token, form.value.password);
  if (result.status !== 'reset') return renderUnusable(res, result.status);
  // Every session of the account is gone, this browser's included: start a clean one for the message.
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.flash('success', t('auth:reset.success'));
  res.redirect(303, '/auth/login');
}
