import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { waitlistIndexPage, waitlistJoinPage } from '../pages/waitlist.page.js';
import { joinWaitlist, listWaitlist, withdrawFromWaitlist } from '../services/waitlist.service.js';

/** GET /waitlist — the client's places in the lines of full editions ("Liste d'attesa"). */
export async function index(req: Request, res: Response): Promise<void> {
  const entries = await listWaitlist(req.user!.organisationId);
  res.render('waitlist/index', waitlistIndexPage(entries, new Date()));
}

/**
 * POST /editions/:id/waitlist — a client joins the line of a full, open edition; back to the edition
 * with their position. A form that does not hold comes back with its message (422); an edition that
 * cannot take it (seats still free, closed, already in line) says why (409).
 */
export async function create(req: Request, res: Response): Promise<void> {
  const result = await joinWaitlist(String(req.params.id), req.user!.organisationId, req.body);
  if (result.ok) {
    req.flash('success', t('waitlist:flash.joined', { position: result.position }));
    return res.redirect(303, `/editions/${result.edition.id}`);
  }
  if (result.kind === 'not_found') throw notFound();
  if (result.kind === 'refused') {
    return res.status(409).render('waitlist/new', waitlistJoinPage(result.edition, { refusal: result.reason }));
  }
  res.status(422).render('waitlist/new', waitlistJoinPage(result.edition, result));
}

/** POST /waitlist/:entryId/withdrawal — the client leaves the line (someone else's entry: 404). */
export async function withdraw(req: Request, res: Response): Promise<void> {
  const result = await withdrawFromWaitlist(String(req.params.entryId), req.user!.organisationId);
  if (!result.ok && result.kind === 'not_found') throw notFound();
  req.flash(result.ok ? 'success' : 'info', t(result.ok ? 'waitlist:flash.withdrawn' : 'waitlist:flash.alreadyEnded'));
  res.redirect(303, '/waitlist');
}
