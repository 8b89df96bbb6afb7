import { db } from '../../src/db/knex.js';
import { addDays, romeInstant } from '../../src/lib/booking-time.js';
import { inDays } from './booking.helpers.js';

/** A course edition written straight to the table: two mornings in Bergamo from `days` ahead by default. */
export async function insertEdition(
  serviceId: string,
  providerId: string,
  attrs: { seats?: number; taken?: number; price?: string | null; days?: number[]; status?: string } = {},
): Promise<string> {
  const days = (attrs.days ?? [20, 21]).map((d) => inDays(d));
  const [row] = await db()('course_editions')
    .insert({
      service_id: serviceId,
      provider_id: providerId,
      status: attrs.status ?? 'scheduled',
      sessions: JSON.stringify(days.map((date) => ({ date, start: '09:00', end: '13:00' }))),
      starts_on: days[0],
      ends_on: days[days.length - 1],
      hours: 4 * days.length,
      delivery_mode: 'in_person',
      venue_address: 'Via Tasso 8',
      venue_city: 'Bergamo',
      venue_province: 'BG',
      venue_lat: 45.69,
      venue_lng: 9.67,
      seats: attrs.seats ?? 10,
      min_participants: 1,
      seats_taken: attrs.taken ?? 0,
      booking_deadline: romeInstant(addDays(days[0]!, -2), '23:59'),
      price: attrs.price ?? null,
      cancelled_at: attrs.status === 'cancelled' ? new Date() : null,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}
