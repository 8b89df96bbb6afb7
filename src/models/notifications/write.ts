import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import {
  NOTIFICATION_COLUMNS,
  toNotification,
  type Notification,
  type NotificationRow,
  type NotificationType,
} from './row.js';
import { seenBy, type NotificationReader } from './scope.js';

export interface NewNotification {
  /** The organisation it belongs to. */
  userId: string;
  /** For this person of the organisation only (scope.ts seenBy); absent: for all its members. */
  recipientUserId?: string | null;
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
        recipient_user_id: input.recipientUserId ?? null,
        type: input.type,
        title: input.title,
        message: input.message,
        data: JSON.stringify(input.data ?? {}),
      })),
    )
    .returning<NotificationRow[]>(names(NOTIFICATION_COLUMNS));
  return rows.map(toNotification);
}

/** Marks one of the notifications the reader sees read; false when they do not see it or it does not exist. */
export async function markRead(reader: NotificationReader, id: string, trx?: Trx): Promise<boolean> {
  const updated = await seenBy(db(trx)('notifications').where({ id }), reader).update({
    read: true,
    read_at: db(trx).raw('coalesce(read_at, now())'),
  });
  return updated > 0;
}

/** Marks every unread notification the reader sees read; how many. */
export async function markAllRead(reader: NotificationReader, trx?: Trx): Promise<number> {
  return seenBy(db(trx)('notifications').where({ read: false }), reader).update({
    read: true,
    read_at: db(trx).fn.now(),
  });
}
