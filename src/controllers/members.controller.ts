import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { organisationOf } from '../lib/current-user.js';
import { problem } from '../lib/problem.js';
import { membersPage, type MembersState } from '../pages/members.page.js';
import { cancelInvitation, invite } from '../services/invitations.service.js';
import { changeRole, membersOverview, removeMember } from '../services/members.service.js';
import {
  cancellationSchema,
  invitationSchema,
  removalSchema,
  roleChangeSchema,
} from '../validators/members.validator.js';
import { validate } from '../validators/validate.js';

/** "Membri" (/account/membri): the administrators of the organisation in use manage its members. */

async function render(req: Request, res: Response, status: number, state: MembersState = {}): Promise<void> {
  const overview = await membersOverview(req.user!.organisationId);
  res.status(status).render('account/members', membersPage(req.user!, overview, state));
}

/** GET /account/membri */
export async function index(req: Request, res: Response): Promise<void> {
  await render(req, res, 200);
}

/** POST /account/membri/inviti: an email with the link to join, with a role of the organisation's kind. */
export async function createInvitation(req: Request, res: Response): Promise<void> {
  const form = validate(invitationSchema, req.body);
  if (!form.ok) return render(req, res, 422, { errors: form.errors, invite: form.value });
  const found = await invite(organisationOf(req.user!), req.user!.personId, form.value);
  if (found) {
    const field = found.code === 'already_member' ? 'email' : 'role';
    const errors = { [field]: t(`account:members.problems.invite.${found.code}`) };
    return render(req, res, 422, { errors, invite: form.value });
  }
  req.flash('success', t('account:members.invited', { email: form.value.email }));
  res.redirect(303, '/account/membri');
}

/** POST /account/membri/inviti/annullamento: "Annulla invito" (its link stops working). */
export async function cancel(req: Request, res: Response): Promise<void> {
  const form = validate(cancellationSchema, req.body);
  if (!form.ok || !(await cancelInvitation(req.user!.organisationId, form.value.invitationId)))
    throw notFound('account:members.invitationUnknown');
  req.flash('success', t('account:members.invitationCancelled'));
  res.redirect(303, '/account/membri');
}

/**
 * POST /account/membri/ruolo. The last administrator keeps the role (409, said above the list). An
 * administrator who gives up their own role no longer sees this page: they go to their organisations.
 */
export async function updateRole(req: Request, res: Response): Promise<void> {
  const form = validate(roleChangeSchema, req.body);
  if (!form.ok && form.errors.personId) throw notFound('account:members.notMember');
  if (!form.ok) return render(req, res, 422, { problem: { form: 'role', found: problem('role_unknown') } });
  const found = await changeRole(req.user!.organisationId, form.value.personId, form.value.role);
  if (found?.code === 'not_member') throw notFound('account:members.notMember');
  if (found) return render(req, res, found.code === 'last_admin' ? 409 : 422, { problem: { form: 'role', found } });
  req.flash('success', t('account:members.roleChanged'));
  const self = form.value.personId === req.user!.personId;
  res.redirect(303, self && form.value.role !== 'admin' ? '/account/organizzazioni' : '/account/membri');
}

/** POST /account/membri/rimozione: the member's access ends at their next request; never the last administrator. */
export async function remove(req: Request, res: Response): Promise<void> {
  const form = validate(removalSchema, req.body);
  if (!form.ok) throw notFound('account:members.notMember');
  const found = await removeMember(req.user!.organisationId, form.value.personId);
  if (found?.code === 'not_member') throw notFound('account:members.notMember');
  if (found) return render(req, res, 409, { problem: { form: 'removal', found } });
  req.flash('success', t('account:members.removed'));
  res.redirect(303, form.value.personId === req.user!.personId ? '/dashboard' : '/account/membri');
}
