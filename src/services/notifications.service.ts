import * as notifications from '../models/notifications/read.js';
import * as notificationWrites from '../models/notifications/write.js';
import type { Notification } from '../models/notifications/row.js';
import type { NotificationReader } from '../models/notifications/scope.js';
export type { Notification, NotificationReader };

/**
 * A member's notifications: the list, the counts, opening and marking them read. Only those they see: their
 * organisation's, less those addressed to another of its members (models/notifications/scope.ts).
 */

/** The newest NOTIFICATION_LIST_LIMIT (docs/product.md §9), with how many there are in all and unread. */
export async function listNotifications(
  reader: NotificationReader,
  options: { unreadOnly?: boolean } = {},
): Promise<{ list: Notification[]; counts: { total: number; unread: number } }> {
  return notifications.listWithCounts(reader, options);
}

/** A notification the reader does not see (another organisation's or member's) and an unknown id are both null. */
export function findNotification(reader: NotificationReader, id: string): Promise<Notification | null> {
  return notifications.findForReader(reader, id);
}

export async function markRead(reader: NotificationReader, id: string): Promise<void> {
  await notificationWrites.markRead(reader, id);
}

/** How many were unread before. */
export function markAllRead(reader: NotificationReader): Promise<number> {
  return notificationWrites.markAllRead(reader);
}

const NAMED_TARGETS: readonly RegExp[] = [
  /^\/(waitlist|editions\/[0-9a-f-]{36}|services\/[0-9a-f-]{36}\/editions|bookings\/[0-9a-f-]{36})$/,
  /^\/scadenzario\/aggiornamento\?[\w=&%,.-]*$/,
  /^\/verifica$/,
  /^\/account\/segnalazioni$/,
  /^\/account\/accessi-assistenza$/,
];

/**
 * Where a notification leads: its conversation, its booking, the review on the service page, or the list
 * when it is about none of them.
 */
export function notificationTarget(n: Pick<Notification, 'data'>): string {
  const threadId = n.data?.thread_id;
  if (typeof threadId === 'string') return `/messages/${encodeURIComponent(threadId)}`;
  const reviewId = n.data?.review_id;
  const listingId = n.data?.service_id;
  if (typeof reviewId === 'string' && typeof listingId === 'string')
    return `/services/${encodeURIComponent(listingId)}#review-${encodeURIComponent(reviewId)}`;
  // A notice that names its page (a scadenzario reminder's search for the update course; a course edition's
  // waitlist offer, cancellation or minimum of participants; a report's outcome): only the server's own paths,
  // never a stranger's.
  const named = n.data?.target;
  if (typeof named === 'string' && NAMED_TARGETS.some((pattern) => pattern.test(named))) return named;
  const bookingId = n.data?.booking_id;
  // A page of the booking itself (the review form after a completion).
  const target = n.data?.target;
  if (typeof bookingId === 'string' && typeof target === 'string' && target.startsWith(`/bookings/${bookingId}/`))
    return target;
  return typeof bookingId === 'string' ? `/bookings/${encodeURIComponent(bookingId)}` : '/notifications';
}
