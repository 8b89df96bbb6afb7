import type { Request, Response } from 'express';
import { analyticsPage } from '../services/analytics.service.js';

/** GET /analytics (providers only) */
export async function show(req: Request, res: Response): Promise<void> {
  res.render('analytics/show', await analyticsPage(req.user!));
}
