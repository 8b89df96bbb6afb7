import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { itemTypeOfWord, ITEM_WORDS, type ItemRef } from '../lib/reports.js';
import { requestedPage } from '../lib/search.shared.js';
import { isUuid } from '../lib/uuid.js';
import { myReportsPage } from '../pages/my-reports.page.js';
import { reportFormPage, reportSentPage } from '../pages/report-form.page.js';
import { ownReports, reportTarget, submitReport, type Reporter } from '../services/reports.service.js';

/**
 * "Segnala": a signed-in person reports a review, a message, a service or a provider's page, and follows what
 * became of their reports ("Le mie segnalazioni").
 */

/** The item named by `tipo` and `id` (the query of the link, or the form's hidden fields). */
function refOf(source: unknown): ItemRef | null {
  const { tipo, id } = (source ?? {}) as Record<string, unknown>;
  const type = itemTypeOfWord(tipo);
  return type && isUuid(id) ? { type, id } : null;
}

const reporterOf = (req: Request): Reporter => ({
  personId: req.user!.personId,
  organisationId: req.user!.organisationId,
});

const REFUSAL_STATUS = { own: 403, duplicate: 409 } as const;

/** GET /segnala?tipo=recensione&id=… */
export async function show(req: Request, res: Response): Promise<void> {
  const ref = refOf(req.query);
  if (!ref) throw notFound();
  const target = await reportTarget(reporterOf(req), ref);
  if (target.ok) return res.render('reports/new', reportFormPage(ref, target.item, null));
  if (target.kind === 'not_found') throw notFound();
  // Already reported is no mistake: the page says so, with nothing to send again.
  const status = target.refusal === 'own' ? REFUSAL_STATUS.own : 200;
  res.status(status).render('reports/new', reportFormPage(ref, target.item, target.refusal));
}

/** POST /segnala: the report, then its confirmation page; a refusal or a bad field shows the form again. */
export async function create(req: Request, res: Response): Promise<void> {
  const ref = refOf(req.body);
  if (!ref) throw notFound();
  const result = await submitReport(reporterOf(req), ref, req.body);
  if (result.ok) return res.redirect(303, `/segnala/inviata?tipo=${ITEM_WORDS[ref.type]}&id=${ref.id}`);
  if (result.kind === 'not_found') throw notFound();
  if (result.kind === 'refused')
    return res
      .status(REFUSAL_STATUS[result.refusal])
      .render('reports/new', reportFormPage(ref, result.item, result.refusal));
  res.status(422).render('reports/new', reportFormPage(ref, result.item, null, result));
}

/** GET /segnala/inviata: the confirmation, with the way back to what was reported. */
export async function sent(req: Request, res: Response): Promise<void> {
  const ref = refOf(req.query);
  const target = ref ? await reportTarget(reporterOf(req), ref) : null;
  res.render('reports/sent', reportSentPage(target && (target.ok || target.kind === 'refused') ? target.item : null));
}

/** GET /account/segnalazioni?page=N: the person's own reports, newest first, with their outcome. */
export async function index(req: Request, res: Response): Promise<void> {
  const own = await ownReports(reporterOf(req), requestedPage(req.query.page));
  res.render('account/reports', myReportsPage(req.user!, own));
}
