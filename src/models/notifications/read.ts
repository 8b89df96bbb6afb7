import { names } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import { NOTIFICATION_COLUMNS, toNotification, type Notification, type NotificationRow } from './row.js';
import { seenBy, type NotificationReader } from './scope.js';

const COLUMNS = names(NOTIFICATION_COLUMNS);

/** docs/product.md §9: the notification list shows at most 50. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** The reader's newest notifications (all, or the unread only), newest first: a query not yet sent. */
export function newestQuery(
  reader: NotificationReader,
  options: { limit?: number; unreadOnly?: boolean } = {},
  trx?: Trx,
) {
  const newest = seenBy(db(trx)('notifications').select(COLUMNS), reader)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit ?? NOTIFICATION_LIST_LIMIT);
  // In the text as notifications_unread_newest_idx states it, so the generic plan a prepared statement keeps still
  // reads that index: a bound `read = $n` may be true, and the index holds only the unread.
  if (options.unreadOnly) newest.andWhereRaw('NOT read');
  return newest;
}

/** How many notifications the reader sees in all and unread (total_count, unread_count): one row, not yet sent. */
export function countsQuery(reader: NotificationReader, trx?: Trx) {
  const k = db(trx);
  return seenBy(k('notifications'), reader).select(
    k.raw('count(*)::int AS total_count'),
    k.raw('(count(*) FILTER (WHERE NOT read))::int AS unread_count'),
  );
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
 * The reader's newest notifications (all, or the unread only) with how many they see in all and unread, in
 * one statement: the counts are one row, the list joins it laterally, so a reader with none still gets counts.
 */
export async function listWithCounts(
  reader: NotificationReader,
  options: { limit?: number; unreadOnly?: boolean } = {},
  trx?: Trx,
): Promise<{ list: Notification[]; counts: { total: number; unread: number } }> {
  const k = db(trx);
  const lateral = newestQuery(reader, options, trx).toSQL();
  const rows = (await k
    .select('c.total_count', 'c.unread_count', 'n.*')
    .from(countsQuery(reader, trx).as('c'))
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

/** A notification the reader sees; null when they do not (someone else's), it does not exist or the id is malformed. */
export async function findForReader(reader: NotificationReader, id: string, trx?: Trx): Promise<Notification | null> {
  if (!isUuid(id)) return null;
  const row = await seenBy(db(trx)('notifications').where({ id }), reader).first<NotificationRow | undefined>(COLUMNS);
  return row ? toNotification(row) : null;
}
