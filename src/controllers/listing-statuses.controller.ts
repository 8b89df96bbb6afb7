import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { changeStatus, deleteListing } from '../services/listings.service.js';

/** A service's status as its own resource: pausing, resuming and deleting it (owner only; anyone else 404). */

function providerId(req: Request): string {
  if (req.user?.userType !== 'provider') throw notFound('page');
  return req.user.organisationId;
}

/** POST /services/:id/pause */
export async function pause(req: Request, res: Response): Promise<void> {
  await changeStatus(providerId(req), String(req.params.id), 'paused');
  req.flash('success', t('catalogue:messages.paused'));
  res.redirect(303, '/provider/services');
}

/** POST /services/:id/resume */
export async function resume(req: Request, res: Response): Promise<void> {
  await changeStatus(providerId(req), String(req.params.id), 'active');
  req.flash('success', t('catalogue:messages.resumed'));
  res.redirect(303, '/provider/services');
}

/**
 * POST /services/:id/deletion (409 "can only be paused" once it has bookings). Only with its box ticked
 * (confirm=yes): without it, 400 with the reason, nothing deleted.
 */
export async function destroy(req: Request, res: Response): Promise<void> {
  const confirmed = (req.body as Record<string, unknown> | undefined)?.confirm === 'yes';
  await deleteListing(providerId(req), String(req.params.id), confirmed);
  req.flash('success', t('catalogue:messages.deleted'));
  res.redirect(303, '/provider/services');
}
