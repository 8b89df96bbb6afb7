import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { relativeTime } from '../lib/relative-time.js';
import type { Notification } from '../services/notifications.service.js';

/** views/dashboard/_notification.ejs: one notification, in the list and on the dashboard. */
export interface NotificationView {
  id: string;
  title: string;
  message: string;
  read: boolean;
  /**
   * Opens the notification: a POST form (CSRF-protected) that marks it read and goes on to its booking, or
   * back to the list. Never a GET: link prefetchers and mail scanners would mark it read.
   */
  openAction: string;
  hasBooking: boolean;
  /** ISO 8601, for <time datetime>. */
  createdAtIso: string;
  /** '3 ore fa', or '22/11/2026, 14:30' from a week back. */
  createdAtLabel: string;
  /** '22/11/2026, 14:30' (Europe/Rome), as a tooltip. */
  createdAtFull: string;
}

export function notificationView(n: Notification, now: Date): NotificationView {
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    read: n.read,
    openAction: `/notifications/${n.id}/opening`,
    hasBooking: typeof n.data?.booking_id === 'string',
    createdAtIso: n.createdAt.toISOString(),
    createdAtLabel: relativeTime(n.createdAt, now),
    createdAtFull: format.dateTimeShort(n.createdAt),
  };
}

/** views/notifications/index.ejs: the newest notifications, unread ones marked. */
export interface NotificationsView {
  title: string;
  noindex: true;
  items: NotificationView[];
  unreadCount: number;
  total: number;
  /** More exist than the list shows. */
  capped: boolean;
  shown: number;
}

export function notificationsPage(
  list: Notification[],
  counts: { total: number; unread: number },
  now: Date,
): NotificationsView {
  return {
    title: t('notifications:title'),
    noindex: true,
    items: list.map((n) => notificationView(n, now)),
    unreadCount: counts.unread,
    total: counts.total,
    capped: counts.total > list.length,
    shown: list.length,
  };
}
