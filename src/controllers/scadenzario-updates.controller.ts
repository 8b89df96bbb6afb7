import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { reachOf } from '../services/sites.service.js';
import { updateSearchHref } from '../pages/scadenzario.page.js';
import { planUpdate } from '../services/scadenzario-updates.service.js';
import { parseUpdateRequest } from '../validators/scadenzario.validator.js';

/**
 * GET /scadenzario/aggiornamento?kind=<kind>&level=<level>&workers=<id,id> (clients only): the link of a
 * reminder. Remembers the workers for the booking wizard and opens the search for the course due near the
 * company.
 * Another client's workers (or unknown ones) answer 404, like every resource that is not theirs.
 */
export async function show(req: Request, res: Response): Promise<void> {
  const request = parseUpdateRequest(req.query);
  if (!request) throw notFound();
  const plan = await planUpdate(reachOf(req.user!, 'scadenzario.view'), request.kind, request.workerIds, request.level);
  if (!plan) throw notFound();
  req.session.trainingPlan = { kind: plan.kind, workerIds: plan.workerIds };
  res.redirect(303, updateSearchHref(plan));
}
