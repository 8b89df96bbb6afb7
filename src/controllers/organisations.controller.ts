import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { organisationsPage } from '../pages/organisations.page.js';
import { membershipIn, organisationsOf } from '../services/members.service.js';

const bodyOf = (req: Request): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;

/** GET /account/organizzazioni: the person's organisations, to switch between them. */
export async function index(req: Request, res: Response): Promise<void> {
  const memberships = await organisationsOf(req.user!.personId);
  res.render('account/organisations', organisationsPage(req.user!, memberships));
}

/**
 * POST /account/organizzazioni: work for another of one's organisations. The session names it; every
 * request reads the membership again, so one removed meanwhile is not used.
 */
export async function update(req: Request, res: Response): Promise<void> {
  const chosen = await membershipIn(req.user!.personId, bodyOf(req).organisationId);
  if (!chosen) throw notFound('account:organisations.notMember');
  req.session.organisation = chosen.organisationId;
  req.flash('success', t('account:organisations.switched', { name: chosen.name ?? '' }));
  res.redirect(303, '/dashboard');
}
