import type { Request, Response } from 'express';
import { loadCurrentUser } from '../config/passport.js';
import { t } from '../config/i18n.js';
import { defaultBusinessName } from '../documents/words.js';
import { invitationPage } from '../pages/invitation.page.js';
import {
  acceptInvitation,
  inspectInvitation,
  registerInvitee,
  type AcceptResult,
  type LinkState,
} from '../services/invitations.service.js';
import { inviteeRegistrationSchema } from '../validators/members.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';
import { signIn } from './sign-in.js';

/**
 * The link of an invitation (/inviti/:token): opening it changes nothing; a signed-in person accepts with
 * one button, a visitor signs in or registers with the invited address. A used or expired link says so (410).
 */

const STATUS = { valid: 200, used: 410, expired: 410, unknown: 404 } as const;

const tokenOf = (req: Request): string => String(req.params.token);

async function render(
  req: Request,
  res: Response,
  link: LinkState,
  state: { status?: number; values?: Record<string, unknown>; errors?: FormErrors; banner?: string } = {},
): Promise<void> {
  res
    .status(state.status ?? STATUS[link.status])
    .render('invitations/show', invitationPage(tokenOf(req), link, req.user, state));
}

/** GET /inviti/:token */
export async function show(req: Request, res: Response): Promise<void> {
  await render(req, res, await inspectInvitation(tokenOf(req)));
}

/** The person joined (or already belonged): the session works for that organisation from now on. */
function joined(req: Request, res: Response, result: Extract<AcceptResult, { organisationId: string }>): void {
  req.session.organisation = result.organisationId;
  const key = result.status === 'joined' ? 'account:invitation.joined' : 'account:invitation.alreadyMember';
  req.flash('success', t(key, { organisation: result.organisationName?.trim() || defaultBusinessName() }));
  res.redirect(303, '/dashboard');
}

/** POST /inviti/:token/accettazione: a signed-in person joins (a visitor is shown the link's page). */
export async function accept(req: Request, res: Response): Promise<void> {
  if (!req.user) return show(req, res);
  const result = await acceptInvitation(tokenOf(req), req.user.personId);
  if (result.status === 'joined' || result.status === 'already_member') return joined(req, res, result);
  await render(req, res, await inspectInvitation(tokenOf(req)));
}

/** POST /inviti/:token/registrazione over its rate limit: the form, "Troppi tentativi..." in its banner. */
export async function limited(req: Request, res: Response, message: string): Promise<void> {
  const link = await inspectInvitation(tokenOf(req));
  await render(req, res, link, {
    status: res.statusCode,
    values: req.body as Record<string, unknown>,
    banner: message,
  });
}

/**
 * POST /inviti/:token/registrazione: a new person with the invited address, signed in and a member (a
 * signed-in person is shown the link's page, with its button).
 */
export async function register(req: Request, res: Response): Promise<void> {
  if (req.user) return show(req, res);
  const form = validate(inviteeRegistrationSchema, req.body);
  if (!form.ok) {
    const link = await inspectInvitation(tokenOf(req));
    const status = link.status === 'valid' ? 422 : undefined;
    return render(req, res, link, { status, values: form.value, errors: form.errors });
  }
  const result = await registerInvitee(tokenOf(req), form.value);
  if (result.status === 'joined') {
    const user = await loadCurrentUser(result.personId, result.organisationId);
    await signIn(req, user!);
    return joined(req, res, result);
  }
  const link = await inspectInvitation(tokenOf(req));
  if (result.status === 'email_taken') return render(req, res, link, { status: 409 });
  await render(req, res, link);
}
