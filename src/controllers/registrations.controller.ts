import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { safeReturnTo } from '../lib/return-to.js';
import { registerPage } from '../pages/auth.page.js';
import { register } from '../services/accounts.service.js';
import { registrationSchema } from '../validators/registration.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

function render(
  res: Response,
  status: number,
  values: Record<string, unknown>,
  errors: FormErrors = {},
  banner: string | null = null,
): void {
  const returnTo = safeReturnTo(values.returnTo);
  res.status(status).render('auth/register', registerPage({ ...values, returnTo }, errors, banner));
}

/** GET /auth/register (?type=provider preselects the provider account; ?returnTo= where to go once in) */
export function newRegistration(req: Request, res: Response): void {
  render(res, 200, { userType: req.query.type === 'provider' ? 'provider' : 'client', returnTo: req.query.returnTo });
}

/** POST /auth/register over its rate limit: the form as typed, "Troppi tentativi..." in its banner. */
export function limited(req: Request, res: Response, message: string): void {
  render(res, res.statusCode, (req.body ?? {}) as Record<string, unknown>, {}, message);
}

/** POST /auth/register */
export async function create(req: Request, res: Response): Promise<void> {
  const returnTo = safeReturnTo((req.body as Record<string, unknown>).returnTo);
  const form = validate(registrationSchema, req.body);
  if (!form.ok) return render(res, 422, { ...form.value, returnTo }, form.errors);
  const { confirmPassword: _c, terms: _t, ...input } = form.value;
  const result = await register(input, returnTo);
  if (result.status === 'email_taken') {
    return render(res, 422, { ...form.value, returnTo }, { email: t('validation:auth.emailTaken') });
  }
  req.session.pendingVerificationEmail = result.user.email;
  if (returnTo) req.session.pendingReturnTo = returnTo;
  else delete req.session.pendingReturnTo;
  req.session.pendingVerificationUserType = form.value.userType;
  req.flash('success', t('auth:register.success'));
  res.redirect(303, '/email-waiting');
}
