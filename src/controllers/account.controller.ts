import type { Request, Response } from 'express';
import QRCode from 'qrcode';
import { t } from '../config/i18n.js';
import { signedInPerson } from '../middleware/auth.js';
import {
  accountOverviewPage,
  accountProblemText,
  accountSessionsPage,
  endedOthersText,
  passwordChangedText,
  recoveryCodesPage,
  twoFactorPage,
} from '../pages/account-security.page.js';
import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  type PasswordChangeProblem,
} from '../services/account-security.service.js';
import { dataExportState } from '../services/data-export.service.js';
import {
  confirmEnrolment,
  disableTwoFactor,
  enrolmentDetails,
  newEnrolment,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from '../services/two-factor.service.js';
import {
  passwordChangeSchema,
  passwordOnlySchema,
  secondFactorSchema,
  sessionEndSchema,
  totpDisableSchema,
} from '../validators/account.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

/** Errors of one of the two-factor page's forms, named after it (several forms share field names). */
const prefixErrors = (errors: FormErrors, prefix: string): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));

/** "Il mio account": the password, the sessions, two-factor sign-in (docs/product.md §2). */

async function renderOverview(
  req: Request,
  res: Response,
  status: number,
  state: { errors?: FormErrors; problem?: PasswordChangeProblem } = {},
): Promise<void> {
  const user = req.user!;
  const [twoFactor, sessions, dataExport] = await Promise.all([
    twoFactorStatus(user.personId),
    listSessions(user.personId, req.sessionID),
    dataExportState(user.personId),
  ]);
  res
    .status(status)
    .render('account/show', accountOverviewPage(user, { twoFactor, sessions: sessions.length, dataExport }, state));
}

/** GET /account */
export async function show(req: Request, res: Response): Promise<void> {
  await renderOverview(req, res, 200);
}

/** POST /account/password */
export async function updatePassword(req: Request, res: Response): Promise<void> {
  const form = validate(passwordChangeSchema, req.body);
  if (!form.ok) return renderOverview(req, res, 422, { errors: form.errors });
  const result = await changePassword(req.user!.personId, req.sessionID, form.value);
  if ('code' in result) return renderOverview(req, res, 422, { problem: result });
  req.flash('success', passwordChangedText(result.endedSessions));
  res.redirect(303, '/account');
}

/** GET /account/sessions */
export async function sessions(req: Request, res: Response): Promise<void> {
  res.render('account/sessions', accountSessionsPage(req.user!, await listSessions(req.user!.personId, req.sessionID)));
}

/** POST /account/sessions/ending: "Esci da questa sessione" (this browser's too: then signed out). */
export async function endOne(req: Request, res: Response): Promise<void> {
  const form = validate(sessionEndSchema, req.body);
  const result = form.ok ? await endSession(req.user!.personId, form.value.session, req.sessionID) : null;
  if (!result || 'code' in result) {
    req.flash('error', accountProblemText({ code: 'session_unknown' }));
    return res.redirect(303, '/account/sessions');
  }
  if (result.current) return res.redirect(303, '/');
  req.flash('success', t('account:sessions.ended'));
  res.redirect(303, '/account/sessions');
}

/** POST /account/sessions/others-ending: "Esci da tutte le altre". */
export async function endOthers(req: Request, res: Response): Promise<void> {
  req.flash('success', endedOthersText(await endOtherSessions(req.user!.personId, req.sessionID)));
  res.redirect(303, '/account/sessions');
}

type TwoFactorState = Parameters<typeof twoFactorPage>[3];

async function renderTwoFactor(req: Request, res: Response, status: number, state: TwoFactorState = {}): Promise<void> {
  const user = signedInPerson(req);
  const current = await twoFactorStatus(user.personId);
  let enrolment = null;
  if (!current.enabled) {
    // The enrolment's secret waits in the session (sealed) until its first code confirms it.
    let details = req.session.totpEnrolment ? enrolmentDetails(req.session.totpEnrolment, user.email) : null;
    if (!details) {
      req.session.totpEnrolment = newEnrolment().sealed;
      details = enrolmentDetails(req.session.totpEnrolment, user.email)!;
    }
    const qrDataUrl = await QRCode.toDataURL(details.uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
    enrolment = { qrDataUrl, key: details.key };
  }
  res.status(status).render('account/two-factor', twoFactorPage(req.user ?? null, current, enrolment, state));
}

/** Pages with recovery codes are shown once: never kept by a cache or the browser's history. */
function renderCodes(req: Request, res: Response, codes: readonly string[], messageKey: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.render('account/recovery-codes', recoveryCodesPage(req.user ?? null, codes, messageKey));
}

/** GET /account/two-factor */
export async function twoFactor(req: Request, res: Response): Promise<void> {
  await renderTwoFactor(req, res, 200);
}

/** POST /account/two-factor/activation: the first code confirms the enrolment; the recovery codes, once. */
export async function activate(req: Request, res: Response): Promise<void> {
  const form = validate(secondFactorSchema, req.body);
  if (!form.ok) return renderTwoFactor(req, res, 422, { errors: prefixErrors(form.errors, 'activate.') });
  const sealed = req.session.totpEnrolment;
  const result = sealed
    ? await confirmEnrolment(signedInPerson(req).personId, sealed, form.value.code)
    : ({ code: 'enrolment_expired' } as const);
  if ('code' in result) return renderTwoFactor(req, res, 422, { problem: result, form: 'activate' });
  delete req.session.totpEnrolment;
  renderCodes(req, res, result.recoveryCodes, 'account:twoFactor.enabled');
}

/** POST /account/two-factor/recovery-codes: "Rigenera codici di recupero", with the password. */
export async function regenerate(req: Request, res: Response): Promise<void> {
  const form = validate(passwordOnlySchema, req.body);
  if (!form.ok) return renderTwoFactor(req, res, 422, { errors: prefixErrors(form.errors, 'regenerate.') });
  const result = await regenerateRecoveryCodes(signedInPerson(req).personId, form.value.currentPassword);
  if ('code' in result) return renderTwoFactor(req, res, 422, { problem: result, form: 'regenerate' });
  renderCodes(req, res, result.recoveryCodes, 'account:recoveryCodes.regenerated');
}

/** POST /account/two-factor/disabling: with the password and a code. */
export async function disable(req: Request, res: Response): Promise<void> {
  const form = validate(totpDisableSchema, req.body);
  if (!form.ok) return renderTwoFactor(req, res, 422, { errors: prefixErrors(form.errors, 'disable.') });
  const result = await disableTwoFactor(signedInPerson(req).personId, form.value);
  if ('code' in result) return renderTwoFactor(req, res, 422, { problem: result, form: 'disable' });
  req.flash('success', t('account:twoFactor.disabled'));
  res.redirect(303, '/account/two-factor');
}
