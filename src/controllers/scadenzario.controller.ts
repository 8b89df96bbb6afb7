import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { reachOf } from '../services/sites.service.js';
import { scadenzarioCsv, scadenzarioPage } from '../pages/scadenzario.page.js';
import { scadenzarioFor, type Scadenzario } from '../services/scadenzario.service.js';
import { parseFilters } from '../validators/scadenzario.validator.js';

async function ownScadenzario(req: Request): Promise<Scadenzario> {
  const s = await scadenzarioFor(reachOf(req.user!, 'scadenzario.view'));
  if (!s) throw notFound();
  return s;
}

/** GET /scadenzario?status=&site= (clients only) */
export async function index(req: Request, res: Response): Promise<void> {
  const filters = parseFilters(req.query);
  res.render(
    'scadenzario/index',
    scadenzarioPage(await ownScadenzario(req), filters, config().accordo2025EffectiveDate),
  );
}

/** GET /scadenzario.csv?status=&site= (clients only): the same table, for the company's auditors. */
export async function download(req: Request, res: Response): Promise<void> {
  const csv = scadenzarioCsv(await ownScadenzario(req), parseFilters(req.query));
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.attachment(csv.filename);
  res.send(csv.body);
}
