import type { Request, Response } from 'express';
import { todayInRome } from '../lib/booking-time.js';
import { analyticsCsv } from '../pages/analytics-csv.page.js';
import { analyticsPage, invalidPeriodPage } from '../pages/analytics.page.js';
import { analyticsData, periodBookings } from '../services/analytics.service.js';
import { periodFormValues, validatePeriod } from '../validators/analytics.validator.js';

/** GET /analytics?period=12m|…|custom&from=YYYY-MM-DD&to=YYYY-MM-DD (providers only) */
export async function show(req: Request, res: Response): Promise<void> {
  const period = validatePeriod(req.query, todayInRome());
  if (!period.ok) {
    res.status(422).render('analytics/show', invalidPeriodPage(periodFormValues(req.query), period.errors));
    return;
  }
  res.render('analytics/show', analyticsPage(await analyticsData(req.user!.organisationId, period.value)));
}

/** GET /analytics/bookings.csv with the page's period parameters (providers only) */
export async function download(req: Request, res: Response): Promise<void> {
  const period = validatePeriod(req.query, todayInRome());
  if (!period.ok) {
    res.status(422).render('analytics/show', invalidPeriodPage(periodFormValues(req.query), period.errors));
    return;
  }
  const csv = analyticsCsv(period.value, await periodBookings(req.user!.organisationId, period.value));
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.attachment(csv.filename);
  res.send(csv.body);
}
