import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { landingPage } from '../pages/landing.page.js';
import { landing } from '../services/landing.service.js';
import { parseSearchParams } from '../validators/search.validator.js';

/** GET /servizi/:topic/:city (/servizi/antincendio/milano): a topic's services near a city; 404 when none. */
export async function show(req: Request, res: Response): Promise<void> {
  const found = await landing(String(req.params.topic ?? ''), String(req.params.city ?? ''));
  if (!found) throw notFound();
  const map = { tileUrl: config().tileUrl, attribution: config().tileAttribution };
  res.render('search/index', landingPage(found, parseSearchParams({}), map, config().baseUrl));
}
