import type { Request, Response } from 'express';
import { requestedPage } from '../lib/search.shared.js';
import { activityPage } from '../pages/activity.page.js';
import { organisationActivity } from '../services/activity.service.js';

/** GET /attivita — the organisation's latest activity, for its administrators (?membro= one member, ?page=). */
export async function index(req: Request, res: Response): Promise<void> {
  const activity = await organisationActivity(
    req.user!.organisationId,
    req.query.membro,
    requestedPage(req.query.page),
  );
  res.render('activity/index', activityPage(activity));
}
