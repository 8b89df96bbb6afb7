import { names } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import { NOTIFICATION_COLUMNS, toNotification, type Notification, type NotificationRow } from './row.js';

const COLUMNS = names(NOTIFICATION_COLUMNS);

/** docs/product.md §9: the notification list shows at most 50. */
export const NOTIFICATION_LIST_LIMIT = 50;

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
  return fromJsonRows(rows, NOTIFICATION_COLUMNS).map(toNotification);
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

/** One of the user's own notifications; null when it is someone else's, does not exist, or the id is malformed. */
export async function findForUser(userId: string, id: string, trx?: Trx): Promise<Notification | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('notifications').first<NotificationRow | undefined>(COLUMNS).where({ id, user_id: userId });
  return row ? toNotification(row) : null;
}
