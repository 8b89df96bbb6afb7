import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { isUuid } from '../lib/uuid.js';
import { addClosure, removeClosure, saveHours } from '../services/opening-hours.service.js';
import { renderProfile } from './profile.controller.js';

/** The provider's opening hours and closures: the "Orari e chiusure" tab of /profile (?tab=hours). */

const failed = {
  status: 422,
  alert: { type: 'error' as const, title: t('profile:messages.updateFailed'), message: t('common:forms.errorSummary') },
};

/** POST /profile/hours — the weekly hours and the holidays worked. */
export async function update(req: Request, res: Response): Promise<void> {
  const result = await saveHours(req.user!.organisationId, req.body, todayInRome());
  if (!result.ok) {
    return renderProfile(req, res, 'hours', {
      ...failed,
      values: { ...result.values },
      errors: result.errors,
      problems: result.problems,
    });
  }
  req.flash('success', t('availability:hours.saved'));
  res.redirect(303, '/profile?tab=hours');
}

/** POST /profile/hours/closures — a closed day or period. */
export async function createClosure(req: Request, res: Response): Promise<void> {
  const result = await addClosure(req.user!.organisationId, req.body, todayInRome());
  if (!result.ok) {
    return renderProfile(req, res, 'hours', {
      ...failed,
      values: { closure: result.values },
      errors: result.errors,
      problems: result.problems,
    });
  }
  req.flash('success', t('availability:hours.closureAdded'));
  res.redirect(303, '/profile?tab=hours');
}

/** POST /profile/hours/closures/:closureId/removal */
export async function destroyClosure(req: Request, res: Response): Promise<void> {
  const id = String(req.params.closureId);
  if (!isUuid(id) || !(await removeClosure(req.user!.organisationId, id))) throw notFound();
  req.flash('success', t('availability:hours.closureRemoved'));
  res.redirect(303, '/profile?tab=hours');
}
