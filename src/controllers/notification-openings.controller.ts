import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import * as notifications from '../models/notifications.repo.js';
import { notificationTarget } from '../services/dashboard.service.js';

/**
 * POST /notifications/:id/opening — opening a notification from the list or the dashboard (its title, or
 * "Vedi prenotazione"): marked read, then on to its booking. Someone else's or an unknown id is 404.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  const notification = await notifications.findForUser(user.id, String(req.params.id));
  if (!notification) throw notFound('notifications:notFound');
  if (!notification.read) await notifications.markRead(user.id, notification.id);
  res.redirect(303, notificationTarget(notification));
}
