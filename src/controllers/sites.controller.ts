import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { siteFormPage, sitesIndexPage } from '../pages/sites.page.js';
import { cityOptions, provinceOptions } from '../services/profiles.service.js';
import {
  assignReferents,
  findSite,
  saveSite,
  sitesOverview,
  type Site,
  type SiteOutcome,
} from '../services/sites.service.js';
import { referentIdsOf } from '../validators/site.validator.js';

/** "Sedi": the client organisation's sites and their referents, for its administrator (sites.manage). */

const NOT_FOUND = 'sites:notFound';

/** GET /sedi */
export async function index(req: Request, res: Response): Promise<void> {
  res.render('sites/index', sitesIndexPage(await sitesOverview(req.user!.organisationId)));
}

async function renderForm(
  req: Request,
  res: Response,
  site: Site | null,
  failed: Extract<SiteOutcome, { ok: false }> | null = null,
): Promise<void> {
  // ?province= lets the page's script fetch another province's municipalities, as on the profile page.
  const typed = (failed?.values.address ?? {}) as Record<string, unknown>;
  const province = req.query.province ?? typed.province ?? site?.placeProvince;
  const places = { provinces: await provinceOptions(), cities: await cityOptions(province) };
  res.status(failed ? 422 : 200).render('sites/form', siteFormPage(site, places, failed));
}

async function ownSite(req: Request): Promise<Site> {
  const site = await findSite(req.user!.organisationId, String(req.params.id));
  if (!site) throw notFound(NOT_FOUND);
  return site;
}

/** GET /sedi/nuova */
export const newSite = (req: Request, res: Response): Promise<void> => renderForm(req, res, null);

/** GET /sedi/:id/modifica */
export async function edit(req: Request, res: Response): Promise<void> {
  await renderForm(req, res, await ownSite(req));
}

async function save(req: Request, res: Response, site: Site | null): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const result = await saveSite(req.user!.organisationId, site?.id ?? null, body);
  if (!result) throw notFound(NOT_FOUND);
  if (!result.ok) return renderForm(req, res, site, result);
  req.flash('success', t(site ? 'sites:form.updated' : 'sites:form.created'));
  res.redirect(303, '/sedi');
}

/** POST /sedi/nuova */
export const create = (req: Request, res: Response): Promise<void> => save(req, res, null);

/** POST /sedi/:id/modifica */
export async function update(req: Request, res: Response): Promise<void> {
  await save(req, res, await ownSite(req));
}

/** POST /sedi/:id/referenti: the site's referents become the members ticked. */
export async function referents(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  if (!(await assignReferents(req.user!.organisationId, id, referentIdsOf(req.body)))) throw notFound(NOT_FOUND);
  req.flash('success', t('sites:referents.saved'));
  res.redirect(303, `/sedi#sede-${id}`);
}
