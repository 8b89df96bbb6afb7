import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { workerPage } from '../pages/worker.page.js';
import { workerCompliance } from '../services/scadenzario.service.js';
import { archiveWorker, declareTraining, workerWithTrainings } from '../services/workers.service.js';
import { registerReach } from './workers.controller.js';

/** A training declared on a worker's page, and the worker's archiving: the register's sub-resources. */

const NOT_FOUND = 'workers:notFound';

/** POST /workers/:id/trainings ("Aggiungi una formazione già svolta") */
export async function create(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const today = todayInRome();
  const result = await declareTraining(registerReach(req), id, (req.body ?? {}) as Record<string, unknown>, today);
  if (!result) throw notFound(NOT_FOUND);
  if (!result.ok) {
    const state = await workerWithTrainings(registerReach(req), id);
    if (!state) throw notFound(NOT_FOUND);
    const compliance = await workerCompliance(registerReach(req), id, today);
    res.status(422).render('workers/show', workerPage(state, today, compliance, result));
    return;
  }
  req.flash('success', t('workers:show.declared'));
  res.redirect(303, `/workers/${id}#trainings`);
}

/** POST /workers/:id/archive: the worker leaves the active register, never the database. */
export async function archive(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  if (!(await archiveWorker(registerReach(req), id))) {
    // Archiving twice (a double click) lands on the archived worker's page; anyone else's is unknown.
    if (!(await workerWithTrainings(registerReach(req), id))) throw notFound(NOT_FOUND);
  } else {
    req.flash('success', t('workers:show.archivedDone'));
  }
  res.redirect(303, `/workers/${id}`);
}
