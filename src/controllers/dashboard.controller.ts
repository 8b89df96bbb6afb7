import type { Request, Response } from 'express';
import { logger, errorFields } from '../config/logger.js';
import { dashboardFrame, dashboardSections, type DashboardSections } from '../services/dashboard.service.js';

/** GET /dashboard */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  let sections: DashboardSections | null = null;
  try {
    sections = await dashboardSections(user);
  } catch (err) {
    // SPEC §8 "Errore nel caricamento dei dati": the greeting and the actions still show, with the error.
    logger.error('dashboard data failed to load', { requestId: req.id, userId: user.id, ...errorFields(err) });
  }
  res.status(sections ? 200 : 500).render('dashboard/show', { ...dashboardFrame(user), sections });
}
