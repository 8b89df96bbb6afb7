import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { plainText } from '../lib/plain-text.js';
import { workerFormPage } from '../pages/worker-form.page.js';
import { workerPage } from '../pages/worker.page.js';
import { workersIndexPage } from '../pages/workers.page.js';
import { workerCompliance } from '../services/scadenzario.service.js';
import { addWorker, editWorker, registerOf, workerWithTrainings } from '../services/workers.service.js';

/** The client's register of workers. Routes are for clients only; another client's worker is 404. */

const NOT_FOUND = 'workers:notFound';
const param = (v: unknown): string => (typeof v === 'string' ? plainText(v, 120) : '');

/** GET /workers?site=&q=&archived=1 */
export async function index(req: Request, res: Response): Promise<void> {
  const filter = {
    site: param(req.query.site) || null,
    query: param(req.query.q) || null,
    includeArchived: req.query.archived === '1',
  };
  res.render('workers/index', workersIndexPage(await registerOf(req.user!.organisationId, filter), filter));
}

/** GET /workers/new */
export function newWorker(_req: Request, res: Response): void {
  res.render('workers/form', workerFormPage(null));
}

/** POST /workers */
export async function create(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const result = await addWorker(req.user!.organisationId, body);
  if (!result.ok) {
    res.status(422).render('workers/form', workerFormPage(null, result));
    return;
  }
  req.flash('success', t('workers:form.created'));
  res.redirect(303, `/workers/${result.value.id}`);
}

/** GET /workers/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const state = await workerWithTrainings(req.user!.organisationId, String(req.params.id));
  if (!state) throw notFound(NOT_FOUND);
  const today = todayInRome();
  res.render('workers/show', workerPage(state, today, await workerCompliance(req.user!.organisationId, state.worker.id, today)));
}

/** GET /workers/:id/edit (an archived worker is read-only: its page instead) */
export async function edit(req: Request, res: Response): Promise<void> {
  const state = await workerWithTrainings(req.user!.organisationId, String(req.params.id));
  if (!state) throw notFound(NOT_FOUND);
  if (state.worker.archivedAt) return res.redirect(303, `/workers/${state.worker.id}`);
  res.render('workers/form', workerFormPage(state.worker));
}

/** POST /workers/:id/edit */
export async function update(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const result = await editWorker(req.user!.organisationId, id, body);
  if (!result) throw notFound(NOT_FOUND);
  if (!result.ok) {
    const state = await workerWithTrainings(req.user!.organisationId, id);
    if (!state) throw notFound(NOT_FOUND);
    res.status(422).render('workers/form', workerFormPage(state.worker, result));
    return;
  }
  req.flash('success', t('workers:form.updated'));
  res.redirect(303, `/workers/${id}`);
}
