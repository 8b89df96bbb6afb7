import type { Knex } from 'knex';
import { UNREAD_COUNT_CAP, type CurrentUser } from '../../lib/current-user.js';

/**
 * Whose notifications a reader sees: the one rule every read, count and update of the table goes through.
 * A notification belongs to an organisation (user_id holds its id, docs/design.md §4): every member reads
 * it, unless it is addressed to one person of it (recipient_user_id), which only that person sees, counts
 * and marks read while acting for that organisation (the support team's notice of an "Accedi come").
 * The header's count runs the same rule in SQL (unread_notifications_upto, migration 20270107000100).
 */

/** A person acting for an organisation, as req.user names them. */
export type NotificationReader = Pick<CurrentUser, 'organisationId' | 'personId'>;

/** `query` (over notifications, named `table` in it) narrowed to what `reader` sees. */
export function seenBy<Q extends Knex.QueryBuilder>(query: Q, reader: NotificationReader, table = 'notifications'): Q {
  return query
    .where(`${table}.user_id`, reader.organisationId)
    .andWhere((q) =>
      q.whereNull(`${table}.recipient_user_id`).orWhere(`${table}.recipient_user_id`, reader.personId),
    ) as Q;
}

/**
 * The reader's unread notifications counted up to UNREAD_COUNT_CAP, as a column named `as`: `organisation`
 * and `person` are expressions of the outer query (or bindings). The cap is a constant, not a binding, so
 * that a prepared statement keeps one generic plan.
 */
export function unreadCountUpto(k: Knex, organisation: Knex.Raw, person: Knex.Raw, as: string): Knex.Raw {
  return k.raw(`unread_notifications_upto(?, ?, ${UNREAD_COUNT_CAP}) AS ??`, [organisation, person, as]);
}
