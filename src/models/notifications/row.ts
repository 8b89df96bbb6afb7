import { columnsOf } from '../../db/columns.js';

// The notifications table: what a user is told in the app (emails: models/jobs, mail.service).

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
  /** The organisation it belongs to (docs/design.md §4). */
  userId: string;
  /** The one person of the organisation it is for; null: all its members (scope.ts seenBy). */
  recipientUserId: string | null;
  type: NotificationType;
  title: string;
  message: string;
  data: { booking_id?: string } & Record<string, unknown>;
  read: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export interface NotificationRow {
  id: string;
  user_id: string;
  recipient_user_id: string | null;
  type: NotificationType;
  title: string;
  message: string;
  data: Notification['data'];
  read: boolean;
  read_at: Date | null;
  created_at: Date;
}

export const NOTIFICATION_COLUMNS = columnsOf<NotificationRow>({
  id: 'text',
  user_id: 'text',
  recipient_user_id: 'text',
  type: 'text',
  title: 'text',
  message: 'text',
  data: 'json',
  read: 'boolean',
  read_at: 'timestamp',
  created_at: 'timestamp',
});

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  userId: row.user_id,
  recipientUserId: row.recipient_user_id,
  type: row.type,
  title: row.title,
  message: row.message,
  data: row.data,
  read: row.read,
  readAt: row.read_at,
  createdAt: row.created_at,
});
