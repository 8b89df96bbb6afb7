import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { editionOwnerOf } from './course-editions.controller.js';
import { editionCancellationPage } from '../pages/waitlist.page.js';
import { cancelEditionByProvider, confirmEdition, type DecisionResult } from '../services/edition-decisions.service.js';

/**
 * The provider's decisions on an edition under its minimum of participants: both go back to the service's
 * editions with a message. Anyone but the edition's provider finds no such edition (404).
 */
function done(req: Request, res: Response, result: DecisionResult, doneKey: string): void {
  if (!result.ok && result.kind === 'not_found') throw notFound();
  if (result.ok || result.kind === 'refused') {
    req.flash(result.ok ? 'success' : 'error', t(result.ok ? doneKey : 'waitlist:decisions.refused'));
    return res.redirect(303, `/services/${result.edition.listingId}/editions`);
  }
  if (result.kind === 'invalid')
    res
      .status(422)
      .render('editions/cancellation', editionCancellationPage(result.edition, result.values, result.errors));
}

/** POST /editions/:id/confirmation — the edition will run even under its minimum. */
export async function confirm(req: Request, res: Response): Promise<void> {
  done(req, res, await confirmEdition(String(req.params.id), editionOwnerOf(req)), 'waitlist:decisions.confirmed');
}

/** POST /editions/:id/cancellation — cancelled with a reason (required), every client told and refunded. */
export async function cancel(req: Request, res: Response): Promise<void> {
  const result = await cancelEditionByProvider(String(req.params.id), editionOwnerOf(req), req.body);
  done(req, res, result, 'waitlist:decisions.cancelled');
}
