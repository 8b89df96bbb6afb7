import type { Request, Response } from 'express';
import { logger, errorFields } from '../config/logger.js';
import { canSee } from '../lib/permissions.js';
import { dashboardPage } from '../pages/dashboard.page.js';
import { dashboardData, type DashboardData } from '../services/dashboard.service.js';

/** GET /dashboard */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  let data: DashboardData | null = null;
  try {
    data = await dashboardData(user);
  } catch (err) {
    // docs/product.md §8 "Errore nel caricamento dei dati": the greeting and the actions still show, with the error.
    logger.error('dashboard data failed to load', {
      requestId: req.id,
      userId: user.personId,
      organisationId: user.organisationId,
      ...errorFields(err),
    });
  }
  // A provider's trainer sees no amounts on the recent bookings (views/partials/_booking-cards.ejs).
  const hideAmounts = user.userType === 'provider' && !canSee(user, 'prices.manage');
  res.status(data ? 200 : 500).render('dashboard/show', { ...dashboardPage(user, data, new Date()), hideAmounts });
}
