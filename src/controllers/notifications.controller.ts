import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import * as notifications from '../models/notifications.repo.js';
import { notificationTarget, notificationView } from '../services/dashboard.service.js';

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

/**
 * GET /notifications/:id — on to the notification's booking, changing nothing: a GET may be fetched by a
 * link prefetcher or a mail scanner. Opening it from a page (POST …/opening) is what marks it read.
 */
export async function show(req: Request, res: Response): Promise<void> {
  const notification = await notifications.findForUser(req.user!.id, String(req.params.id));
  if (!notification) throw notFound('notifications:notFound');
  res.redirect(303, notificationTarget(notification));
}
