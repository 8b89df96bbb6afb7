import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import {
  NOTIFICATION_COLUMNS,
  toNotification,
  type Notification,
  type NotificationRow,
  type NotificationType,
} from './row.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** Already in Italian: notifications keep the words of the moment they were sent. */
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

/** Creates a notification; pass the transaction of the change it reports. */
export async function create(input: NewNotification, trx?: Trx): Promise<Notification> {
  const [made] = await createMany([input], trx);
  return made!;
}

/** Several notifications in one statement (a booking's event tells both parties at once). */
export async function createMany(inputs: NewNotification[], trx?: Trx): Promise<Notification[]> {
  if (inputs.length === 0) return [];
  const rows = await db(trx)('notifications')
    .insert(
      inputs.map((input) => ({
        user_id: input.userId,
        type: input.type,
        title: input.title,
        message: input.message,
        data: JSON.stringify(input.data ?? {}),
      })),
    )
    .returning<NotificationRow[]>(names(NOTIFICATION_COLUMNS));
  return rows.map(toNotification);
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
