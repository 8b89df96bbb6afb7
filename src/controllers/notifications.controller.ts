import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import * as notifications from '../models/notifications.repo.js';
import { notificationView } from '../services/dashboard.service.js';

/** GET /notifications — the newest 50 (SPEC §9), unread ones marked. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  const [list, counts] = await Promise.all([notifications.listForUser(user.id), notifications.countForUser(user.id)]);
  const now = new Date();
  res.render('notifications/index', {
    title: t('notifications:title'),
    noindex: true,
    items: list.map((n) => notificationView(n, now)),
    unreadCount: counts.unread,
    total: counts.total,
    capped: counts.total > list.length,
    shown: list.length,
  });
}

/** GET /notifications/:id — opening a notification reads it: marked read, then on to its booking. */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  const notification = await notifications.findForUser(user.id, String(req.params.id));
  if (!notification) throw notFound('notifications:notFound');
  if (!notification.read) await notifications.markRead(user.id, notification.id);
  const bookingId = notification.data?.booking_id;
  res.redirect(303, typeof bookingId === 'string' ? `/bookings/${encodeURIComponent(bookingId)}` : '/notifications');
}
