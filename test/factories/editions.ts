import { db } from '../../src/db/knex.js';
import { addDays, romeInstant, romeLocal } from '../../src/lib/booking-time.js';
import { createBooking } from './index.js';

/** Course editions and their bookings, written straight to the tables (the waitlist and minimum tests). */

export interface EditionAttrs {
  serviceId: string;
  providerId: string;
  seats?: number;
  minParticipants?: number;
  /** First day, this many days from today in Rome (default 30). */
  startsInDays?: number;
  /** Booking deadline; default the day before the first day. */
  bookingDeadline?: Date;
  status?: 'scheduled' | 'confirmed';
}

export async function createEdition(attrs: EditionAttrs): Promise<{ id: string; startsOn: string }> {
  const startsOn = addDays(romeLocal(new Date()).date, attrs.startsInDays ?? 30);
  const [row] = await db()('course_editions')
    .insert({
      service_id: attrs.serviceId,
      provider_id: attrs.providerId,
      status: attrs.status ?? 'scheduled',
      sessions: JSON.stringify([{ date: startsOn, start: '09:00', end: '13:00' }]),
      starts_on: startsOn,
      ends_on: startsOn,
      hours: 4,
      delivery_mode: 'in_person',
      venue_address: 'Via Roma 1',
      venue_city: 'Milano',
      seats: attrs.seats ?? 2,
      min_participants: attrs.minParticipants ?? 1,
      booking_deadline: attrs.bookingDeadline ?? romeInstant(addDays(startsOn, -1), '18:00'),
      ...(attrs.status === 'confirmed' ? { confirmed_at: new Date() } : {}),
    })
    .returning<{ id: string }[]>('id');
  return { id: row!.id, startsOn };
}

/** A booking of `seats` seats on an edition, its seats taken as the wizard would. */
export async function bookEdition(
  editionId: string,
  clientId: string,
  options: { seats?: number; status?: 'pending' | 'confirmed'; totalAmount?: string } = {},
): Promise<{ id: string }> {
  const edition = await db()('course_editions').where({ id: editionId }).first<{ service_id: string }>('service_id');
  const seats = options.seats ?? 1;
  const booking = await createBooking({
    serviceId: edition!.service_id,
    clientId,
    status: options.status ?? 'confirmed',
    participantsCount: seats,
    totalAmount: options.totalAmount ?? '305.00',
  });
  await db()('bookings').where({ id: booking.id }).update({ edition_id: editionId });
  await db()('course_editions')
    .where({ id: editionId })
    .update({ seats_taken: db().raw('seats_taken + ?', [seats]) });
  return { id: booking.id };
}

export const editionRow = (id: string) =>
  db()('course_editions').where({ id }).first<{
    status: string;
    seats_taken: number;
    seats_held: number;
    cancelled_reason: string | null;
    cancellation_note: string | null;
    minimum_notice_sent_at: Date | null;
  }>();

export const waitlistRows = (editionId: string) =>
  db()('edition_waitlist').where({ edition_id: editionId }).orderBy('created_at').select('*');

export const notificationsOf = (userId: string) =>
  db()('notifications')
    .where({ user_id: userId })
    .orderBy('created_at')
    .select<{ type: string; title: string; message: string; data: Record<string, unknown> }[]>(
      'type',
      'title',
      'message',
      'data',
    );
