import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { guidePage, guidesIndexPage } from '../pages/guides.page.js';
import { kindOfSlug } from '../lib/guide-paths.js';
import { coursesPerKind } from '../services/guides.service.js';

/** GET /guides: a guide per kind of mandatory training, with the courses the catalogue holds. */
export async function index(_req: Request, res: Response): Promise<void> {
  res.render('guides/index', guidesIndexPage(await coursesPerKind()));
}

/** GET /guides/:kind (antincendio-2): the kind's rules and the way to its courses near the reader. */
export async function show(req: Request, res: Response): Promise<void> {
  const kind = kindOfSlug(String(req.params.kind ?? ''));
  if (!kind) throw notFound();
  const counts = await coursesPerKind();
  const dates = { today: todayInRome(), effectiveDate: config().accordo2025EffectiveDate };
  res.render('guides/show', guidePage(kind, counts[kind], dates, config().baseUrl));
}
