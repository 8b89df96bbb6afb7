import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { plainText } from '../lib/plain-text.js';
import { workerFormPage } from '../pages/worker-form.page.js';
import { workerPage } from '../pages/worker.page.js';
import { workersIndexPage } from '../pages/workers.page.js';
import { workerCompliance } from '../services/scadenzario.service.js';
import { reachOf, type Reach } from '../services/sites.service.js';
import { addWorker, editWorker, registerOf, sitesOf, workerWithTrainings } from '../services/workers.service.js';

/** The client's register of workers. Routes are for clients only; another client's worker is 404. */

const NOT_FOUND = 'workers:notFound';
const param = (v: unknown): string => (typeof v === 'string' ? plainText(v, 120) : '');

/** The register as the member reaches it: a site referent only their sites' workers. */
export const registerReach = (req: Request): Reach => reachOf(req.user!, 'workers.manage');

/** GET /workers?site=&q=&archived=1 */
export async function index(req: Request, res: Response): Promise<void> {
  const filter = {
    site: param(req.query.site) || null,
    query: param(req.query.q) || null,
    includeArchived: req.query.archived === '1',
  };
  const reach = registerReach(req);
  res.render('workers/index', workersIndexPage(await registerOf(reach, filter), filter, reach.referentId !== null));
}

/** GET /workers/new */
export async function newWorker(req: Request, res: Response): Promise<void> {
  res.render('workers/form', workerFormPage(null, await sitesOf(registerReach(req))));
}

/** POST /workers */
export async function create(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const reach = registerReach(req);
  const result = await addWorker(reach, body);
  if (!result.ok) {
    res.status(422).render('workers/form', workerFormPage(null, await sitesOf(reach), result));
    return;
  }
  req.flash('success', t('workers:form.created'));
  res.redirect(303, `/workers/${result.value.id}`);
}

/** GET /workers/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const reach = registerReach(req);
  const state = await workerWithTrainings(reach, String(req.params.id));
  if (!state) throw notFound(NOT_FOUND);
  const today = todayInRome();
  res.render('workers/show', workerPage(state, today, await workerCompliance(reach, state.worker.id, today)));
}

/** GET /workers/:id/edit (an archived worker is read-only: its page instead) */
export async function edit(req: Request, res: Response): Promise<void> {
  const reach = registerReach(req);
  const state = await workerWithTrainings(reach, String(req.params.id));
  if (!state) throw notFound(NOT_FOUND);
  if (state.worker.archivedAt) return res.redirect(303, `/workers/${state.worker.id}`);
  res.render('workers/form', workerFormPage(state.worker, await sitesOf(reach)));
}

/** POST /workers/:id/edit */
export async function update(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const reach = registerReach(req);
  const result = await editWorker(reach, id, body);
  if (!result) throw notFound(NOT_FOUND);
  if (!result.ok) {
    const state = await workerWithTrainings(reach, id);
    if (!state) throw notFound(NOT_FOUND);
    res.status(422).render('workers/form', workerFormPage(state.worker, await sitesOf(reach), result));
    return;
  }
  req.flash('success', t('workers:form.updated'));
  res.redirect(303, `/workers/${id}`);
}
