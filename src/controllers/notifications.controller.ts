import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { notificationsPage } from '../pages/notifications.page.js';
import { findNotification, listNotifications, notificationTarget } from '../services/notifications.service.js';

/** GET /notifications — the newest 50 (docs/product.md §9), unread ones marked; ?filter=unread: only those. */
export async function index(req: Request, res: Response): Promise<void> {
  const unreadOnly = req.query.filter === 'unread';
  const { list, counts } = await listNotifications(req.user!, { unreadOnly });
  res.render('notifications/index', notificationsPage(list, counts, new Date(), unreadOnly ? 'unread' : 'all'));
}

/**
 * GET /notifications/:id — on to the notification's booking, changing nothing: a GET may be fetched by a
 * link prefetcher or a mail scanner. Opening it from a page (POST …/opening) is what marks it read.
 */
export async function show(req: Request, res: Response): Promise<void> {
  const notification = await findNotification(req.user!, String(req.params.id));
  if (!notification) throw notFound('notifications:notFound');
  res.redirect(303, notificationTarget(notification));
}
