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

/**
 * The notifications of one booking together: the newest leads, the earlier ones of the same booking under it
 * (a notification without a booking is a group of its own).
 */
export interface NotificationGroup {
  lead: NotificationView;
  earlier: NotificationView[];
  /** "2 aggiornamenti precedenti di questa prenotazione"; null when none. */
  earlierLabel: string | null;
}

export type NotificationFilter = 'unread' | 'all';

/** views/notifications/index.ejs: the newest notifications, unread ones marked. */
export interface NotificationsView {
  title: string;
  noindex: true;
  items: NotificationView[];
  groups: NotificationGroup[];
  filter: NotificationFilter;
  filters: { key: NotificationFilter; href: string; label: string; current: boolean }[];
  unreadCount: number;
  total: number;
  /** More exist than the list shows. */
  capped: boolean;
  shown: number;
}

function grouped(list: Notification[], now: Date): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byBooking = new Map<string, NotificationGroup>();
  for (const n of list) {
    const view = notificationView(n, now);
    const booking = typeof n.data?.booking_id === 'string' ? n.data.booking_id : null;
    const group = booking ? byBooking.get(booking) : undefined;
    if (group) group.earlier.push(view);
    else {
      const made: NotificationGroup = { lead: view, earlier: [], earlierLabel: null };
      groups.push(made);
      if (booking) byBooking.set(booking, made);
    }
  }
  for (const g of groups) {
    g.earlierLabel = g.earlier.length > 0 ? t('notifications:earlier', { count: g.earlier.length }) : null;
  }
  return groups;
}

export function notificationsPage(
  list: Notification[],
  counts: { total: number; unread: number },
  now: Date,
  filter: NotificationFilter = 'all',
): NotificationsView {
  return {
    title: t('notifications:title'),
    noindex: true,
    items: list.map((n) => notificationView(n, now)),
    groups: grouped(list, now),
    filter,
    filters: [
      {
        key: 'unread',
        href: '/notifications?filter=unread',
        label: t('notifications:filters.unread', { count: counts.unread }),
        current: filter === 'unread',
      },
      { key: 'all', href: '/notifications', label: t('notifications:filters.all'), current: filter === 'all' },
    ],
    unreadCount: counts.unread,
    total: filter === 'unread' ? counts.unread : counts.total,
    capped: (filter === 'unread' ? counts.unread : counts.total) > list.length,
    shown: list.length,
  };
}
