import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { todayInRome } from '../lib/booking-time.js';
import { regulationsPage } from '../pages/regulations.page.js';

/** GET /regulations ("Normativa"): the obligations and periods of the rules table, with their sources. */
export function show(_req: Request, res: Response): void {
  res.render('regulations/show', regulationsPage(config().accordo2025EffectiveDate, todayInRome()));
}
