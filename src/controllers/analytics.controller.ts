import type { Request, Response } from 'express';
import { analyticsPage } from '../pages/analytics.page.js';
import { analyticsData } from '../services/analytics.service.js';

/** GET /analytics (providers only) */
export async function show(req: Request, res: Response): Promise<void> {
  res.render('analytics/show', analyticsPage(await analyticsData(req.user!), req.user!.userType));
}
