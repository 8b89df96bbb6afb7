import { fromJsonRows } from '../db/json-rows.js';
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

/** docs/product.md §9: the notification list shows at most 50. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** Creates a notification; pass the transaction of the change it reports. */
export async function create(input: NewNotification, trx?: Trx): Promise<Notification> {
  const [made] = await createMany([input], trx);
  return made!;
}

/** Several notifications in one statement (a booking's event tells both parties at once). */
export async function createMany(inputs: NewNotification[], trx?: Trx): Promise<Notification[]> {
  if (inputs.length === 0) return [];
  const rows = await insertStatement(inputs, trx);
  return rows.map(toNotification);
}

/** The insert of createMany, not yet sent (at least one notification): to send with other writes (writeTogether). */
export function insertStatement(inputs: NewNotification[], trx?: Trx) {
  return db(trx)('notifications')
    .insert(
      inputs.map((input) => ({
        user_id: input.userId,
        type: input.type,
        title: input.title,
        message: input.message,
        data: JSON.stringify(input.data ?? {}),
      })),
    )
    .returning<NotificationRow[]>(COLUMNS);
}

/** The user's newest notifications (all, or the unread only), newest first: a query not yet sent. */
export function newestQuery(userId: string, options: { limit?: number; unreadOnly?: boolean } = {}, trx?: Trx) {
  const newest = db(trx)('notifications')
    .select(COLUMNS)
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit ?? NOTIFICATION_LIST_LIMIT);
  if (options.unreadOnly) newest.andWhere({ read: false });
  return newest;
}

/** How many notifications the user has in all and unread (total_count, unread_count): one row, not yet sent. */
export function countsQuery(userId: string, trx?: Trx) {
  const k = db(trx);
  return k('notifications')
    .where({ user_id: userId })
    .select(k.raw('count(*)::int AS total_count'), k.raw('(count(*) FILTER (WHERE NOT read))::int AS unread_count'));
}

/** The counts row of countsQuery as the pages use it. */
export function toCounts(row: { total_count: number; unread_count: number } | null | undefined) {
  return { total: Number(row?.total_count ?? 0), unread: Number(row?.unread_count ?? 0) };
}

/** Notifications carried as JSON by a larger statement (jsonRows of newestQuery), as Notifications. */
export function notificationsFromJson(rows: readonly Record<string, unknown>[] | null): Notification[] {
  return fromJsonRows<NotificationRow>(rows, ['read_at', 'created_at']).map(toNotification);
}

/**
 * The user's newest notifications (all, or the unread only) with how many they have in all and unread, in
 * one statement: the counts are one row, the list joins it laterally, so a user with none still gets counts.
 */
export async function listWithCounts(
  userId: string,
  options: { limit?: number; unreadOnly?: boolean } = {},
  trx?: Trx,
): Promise<{ list: Notification[]; counts: { total: number; unread: number } }> {
  const k = db(trx);
  const lateral = newestQuery(userId, options, trx).toSQL();
  const rows = (await k
    .select('c.total_count', 'c.unread_count', 'n.*')
    .from(countsQuery(userId, trx).as('c'))
    .joinRaw(`LEFT JOIN LATERAL (${lateral.sql}) AS n ON true`, [...lateral.bindings])
    .orderBy([
      { column: 'n.created_at', order: 'desc' },
      { column: 'n.id', order: 'desc' },
    ])) as (Partial<NotificationRow> & { total_count: number; unread_count: number })[];
  return {
    list: rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => toNotification(r as NotificationRow)),
    counts: toCounts(rows[0]),
  };
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
