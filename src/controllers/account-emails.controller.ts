import type { Request, Response } from 'express';
import { dataExportState } from '../services/data-export.service.js';
import { t } from '../config/i18n.js';
import { accountOverviewPage, emailConfirmationPage } from '../pages/account-security.page.js';
import { listSessions } from '../services/account-security.service.js';
import {
  checkEmailChange,
  confirmEmailChange,
  requestEmailChange,
  type EmailChangeProblem,
} from '../services/account-email.service.js';
import { twoFactorStatus } from '../services/two-factor.service.js';
import { emailChangeSchema } from '../validators/account.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

/** The change of login email: asked on /account, confirmed by the link sent to the new address. */

async function renderOverview(
  req: Request,
  res: Response,
  state: { errors?: FormErrors; emailProblem?: EmailChangeProblem },
): Promise<void> {
  const user = req.user!;
  const [twoFactor, sessions, dataExport] = await Promise.all([
    twoFactorStatus(user.personId),
    listSessions(user.personId, req.sessionID),
    dataExportState(user.personId),
  ]);
  const newEmail = (req.body as Record<string, unknown> | undefined)?.newEmail;
  res
    .status(422)
    .render(
      'account/show',
      accountOverviewPage(user, { twoFactor, sessions: sessions.length, dataExport }, { ...state, newEmail }),
    );
}

/** POST /account/email */
export async function create(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  // The page has two password fields (this form's and the password change's): this one is named apart.
  const form = validate(emailChangeSchema, { newEmail: body.newEmail, currentPassword: body.emailCurrentPassword });
  if (!form.ok) {
    const errors = Object.fromEntries(Object.entries(form.errors).map(([k, v]) => [`email.${k}`, v]));
    return renderOverview(req, res, { errors });
  }
  const result = await requestEmailChange(req.user!.personId, form.value);
  if ('code' in result) return renderOverview(req, res, { emailProblem: result });
  req.flash('success', t('account:email.sent', { email: form.value.newEmail }));
  res.redirect(303, '/account');
}

function renderConfirmation(res: Response, state: Parameters<typeof emailConfirmationPage>[0], token: string | null) {
  const status = { valid: 200, expired: 410, invalid: 400, email_taken: 409 }[state];
  res.status(status).render('account/email-confirmation', emailConfirmationPage(state, token));
}

/** GET /account/email-confirmation?token=...: the button that confirms (opening the link changes nothing). */
export async function show(req: Request, res: Response): Promise<void> {
  const token = typeof req.query.token === 'string' ? req.query.token : null;
  renderConfirmation(res, await checkEmailChange(token), token);
}

/** POST /account/email-confirmation */
export async function confirm(req: Request, res: Response): Promise<void> {
  const token = (req.body as Record<string, unknown>).token;
  const result = await confirmEmailChange(token);
  if (result.status !== 'changed') return renderConfirmation(res, result.status, null);
  req.flash('success', t('account:email.changed', { email: result.email }));
  res.redirect(303, req.user ? '/account' : '/auth/login');
}
