import { db, type Trx } from '../db/knex.js';
import { isUuid } from '../lib/uuid.js';

export type NotificationType =
  | 'booking'
  | 'booking_confirmed'
  | 'booking_rejected'
  | 'booking_cancelled'
  | 'booking_completed'
  | 'booking_no_show'
  | 'booking_expired'
  | 'booking_quoted'
  | 'booking_document'
  | 'message'
  | 'review'
  | 'system'
  | 'edition'
  | 'waitlist_offer'
  | 'attestato'
  | 'training_due';

export interface Notification {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data: { booking_id?: string } & Record<string, unknown>;
  read: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** Already in Italian: notifications keep the words of the moment they were sent. */
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

const COLUMNS: readonly string[] = [
  'id',
  'user_id',
  'type',
  'title',
  'message',
  'data',
  'read',
  'read_at',
  'created_at',
];

interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Notification['data'];
  read: boolean;
  read_at: Date | null;
  created_at: Date;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  userId: row.user_id,
  type: row.type,
  title: row.title,
  message: row.message,
  data: row.data,
  read: row.read,
  readAt: row.read_at,
  createdAt: row.created_at,
});

/** SPEC §9: the notification list shows at most 50. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** Creates a notification; pass the transaction of the change it reports. */
export async function create(input: NewNotification, trx?: Trx): Promise<Notification> {
  const [row] = await db(trx)('notifications')
    .insert({
      user_id: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      data: JSON.stringify(input.data ?? {}),
    })
    .returning<NotificationRow[]>(COLUMNS);
  return toNotification(row!);
}

/** A user's notifications, newest first. */
export async function listForUser(
  userId: string,
  options: { limit?: number; unreadOnly?: boolean } = {},
  trx?: Trx,
): Promise<Notification[]> {
  const query = db(trx)('notifications')
    .select<NotificationRow[]>(COLUMNS)
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit ?? NOTIFICATION_LIST_LIMIT);
  if (options.unreadOnly) query.andWhere({ read: false });
  return (await query).map(toNotification);
}

export async function countForUser(userId: string, trx?: Trx): Promise<{ total: number; unread: number }> {
  const row = await db(trx)('notifications')
    .where({ user_id: userId })
    .first<{ total: number; unread: number }>(
      db(trx).raw('count(*)::int AS total'),
      db(trx).raw('(count(*) FILTER (WHERE NOT read))::int AS unread'),
    );
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks one of the user's own notifications read; false when it is not theirs or does not exist. */
export async function markRead(userId: string, id: string, trx?: Trx): Promise<boolean> {
  const updated = await db(trx)('notifications')
    .where({ id, user_id: userId })
    .update({ read: true, read_at: db(trx).raw('coalesce(read_at, now())') });
  return updated > 0;
}

export async function markAllRead(userId: string, trx?: Trx): Promise<number> {
  return db(trx)('notifications')
    .where({ user_id: userId, read: false })
    .update({ read: true, read_at: db(trx).fn.now() });
}

/** One of the user's own notifications; null when it is someone else's, does not exist, or the id is malformed. */
export async function findForUser(userId: string, id: string, trx?: Trx): Promise<Notification | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('notifications').first<NotificationRow | undefined>(COLUMNS).where({ id, user_id: userId });
  return row ? toNotification(row) : null;
}
