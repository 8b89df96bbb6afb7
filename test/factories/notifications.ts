import { db } from '../../src/db/knex.js';
import { next } from './sequence.js';

/** Notifications as the booking events write them. */

export interface NotificationAttrs {
  userId: string;
  type?: 'booking' | 'booking_confirmed' | 'booking_cancelled' | 'booking_completed' | 'review' | 'system';
  title?: string;
  message?: string;
  bookingId?: string | null;
  read?: boolean;
  createdAt?: Date;
}

/** A notification as the booking events write them (unread unless `read: true`), at `createdAt` if given. */
export async function createNotification(attrs: NotificationAttrs): Promise<{ id: string; title: string }> {
  const n = next();
  const createdAt = attrs.createdAt ?? new Date();
  const read = attrs.read ?? false;
  const [row] = await db()('notifications')
    .insert({
      user_id: attrs.userId,
      type: attrs.type ?? 'booking_confirmed',
      title: attrs.title ?? `Prenotazione Confermata ${n}`,
      message: attrs.message ?? `Il fornitore ha confermato la prenotazione numero ${n}.`,
      data: JSON.stringify(attrs.bookingId ? { booking_id: attrs.bookingId } : {}),
      read,
      read_at: read ? createdAt : null,
      created_at: createdAt,
    })
    .returning<{ id: string; title: string }[]>(['id', 'title']);
  return row!;
}

/** `n` unread "Nuova Prenotazione" notifications of the user in one insert, a minute apart, newest first. */
export async function createUnreadNotifications(userId: string, n: number): Promise<void> {
  const now = Date.now();
  await db()('notifications').insert(
    Array.from({ length: n }, (_, i) => ({
      user_id: userId,
      type: 'booking',
      title: `Nuova Prenotazione ${i}`,
      message: 'Hai ricevuto una nuova prenotazione.',
      data: '{}',
      created_at: new Date(now - i * 60_000),
    })),
  );
}
