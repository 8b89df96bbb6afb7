import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { safeReturnTo } from '../lib/return-to.js';
import { findNotification, markAllRead, markRead } from '../services/notifications.service.js';

/** Back to the page the form was on (the list or the dashboard), same-site only. */
const back = (req: Request): string => safeReturnTo((req.body as Record<string, unknown>).returnTo) ?? '/notifications';

/** POST /notifications/:id/reading — "Segna come letta"; someone else's or an unknown id is 404. */
export async function create(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  const notification = await findNotification(user, String(req.params.id));
  if (!notification) throw notFound('notifications:notFound');
  await markRead(user, notification.id);
  req.flash('success', t('notifications:markedRead'));
  res.redirect(303, back(req));
}

/** POST /notifications/readings — "Segna tutte come lette". */
export async function createAll(req: Request, res: Response): Promise<void> {
  const count = await markAllRead(req.user!);
  req.flash('success', count > 0 ? t('notifications:allMarkedRead', { count }) : t('notifications:noneUnread'));
  res.redirect(303, back(req));
}
