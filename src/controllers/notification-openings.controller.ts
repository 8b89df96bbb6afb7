import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { findNotification, markRead, notificationTarget } from '../services/notifications.service.js';

/**
 * POST /notifications/:id/opening — opening a notification from the list or the dashboard (its title, or
 * "Vedi prenotazione"): marked read, then on to its booking. Someone else's or an unknown id is 404.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  const notification = await findNotification(user, String(req.params.id));
  if (!notification) throw notFound('notifications:notFound');
  if (!notification.read) await markRead(user, notification.id);
  res.redirect(303, notificationTarget(notification));
}
