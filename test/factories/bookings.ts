import { randomUUID } from 'node:crypto';
import { db } from '../../src/db/knex.js';
import { weekdayOf } from '../../src/lib/availability.js';
import { addDays, todayInRome } from '../../src/lib/booking-time.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { next } from './sequence.js';

/** Bookings of a service, in any status. */

export interface BookingAttrs {
  serviceId: string;
  clientId: string;
  status?: 'pending' | 'quoted' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';
  /** 'YYYY-MM-DD'; default: 30 days from today. */
  requestedDate?: string;
  requestedTime?: string;
  participantsCount?: number;
  /** Euro, VAT included, e.g. '305.00'; the tax is derived (total x 22 / 122). */
  totalAmount?: string;
  locationType?: 'client_site' | 'provider_site' | 'remote';
  clientNotes?: string | null;
  createdAt?: Date;
  paymentStatus?: 'pending' | 'completed' | 'refunded';
  bookingNumber?: string;
}

/**
 * A booking of a service, written straight to the table (the wizard is tested on its own): the provider,
 * title, category and type come from the service; the timestamps its status requires are stamped.
 */
export async function createBooking(
  attrs: BookingAttrs,
): Promise<{ id: string; bookingNumber: string; providerId: string }> {
  const service = await db()('services')
    .where({ id: attrs.serviceId })
    .first<{ provider_id: string; title: string; category: string; service_type: string }>(
      'provider_id',
      'title',
      'category',
      'service_type',
    );
  if (!service) throw new Error(`createBooking: no service ${attrs.serviceId}`);
  const status = attrs.status ?? 'pending';
  const total = attrs.totalAmount ?? '305.00';
  const totalCents = Math.round(Number(total) * 100);
  const taxCents = Math.round((totalCents * 22) / 122);
  const createdAt = attrs.createdAt ?? new Date();
  // Inside the default opening hours (src/lib/availability.ts): a working day, 09:00 for 4 hours.
  let future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const holidays = holidayDates(future, addDays(future, 30));
  while (weekdayOf(future) > 5 || holidays.has(future)) future = addDays(future, 1);
  const n = next();
  const bookingNumber =
    attrs.bookingNumber ?? `BH${Date.now().toString(36).toUpperCase()}-F${String(n).padStart(4, '0')}`;
  const stamped = (states: string[]): Date | null => (states.includes(status) ? createdAt : null);
  const [row] = await db()('bookings')
    .insert({
      booking_number: bookingNumber,
      service_id: attrs.serviceId,
      client_id: attrs.clientId,
      provider_id: service.provider_id,
      status,
      booking_type: service.service_type,
      service_title: service.title,
      service_category: service.category,
      requested_date: attrs.requestedDate ?? future,
      requested_time: attrs.requestedTime ?? '09:00',
      duration_hours: 4,
      location_type: attrs.locationType ?? 'provider_site',
      participants_count: attrs.participantsCount ?? 1,
      client_notes: attrs.clientNotes ?? null,
      base_amount: ((totalCents - taxCents) / 100).toFixed(2),
      additional_costs: '[]',
      discount_amount: '0',
      tax_amount: (taxCents / 100).toFixed(2),
      total_amount: (totalCents / 100).toFixed(2),
      payment_status: attrs.paymentStatus ?? 'pending',
      idempotency_key: randomUUID(),
      // A quote waiting for the client: the estimate's total, quoted 10% higher, valid for a week.
      ...(status === 'quoted'
        ? {
            quoted_at: createdAt,
            estimated_total_amount: (totalCents / 100).toFixed(2),
            quote_total_amount: (Math.round(totalCents * 1.1) / 100).toFixed(2),
            quote_includes: 'Sopralluogo, documento firmato e una revisione.',
            // A week from the day it is in Italy, as the pages count days.
            quote_valid_until: addDays(todayInRome(), 7),
          }
        : {}),
      confirmed_at: stamped(['confirmed', 'in_progress', 'completed', 'no_show']),
      completed_at: stamped(['completed']),
      cancelled_at: stamped(['cancelled']),
      no_show_at: stamped(['no_show']),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning<{ id: string; booking_number: string }[]>(['id', 'booking_number']);
  return { id: row!.id, bookingNumber: row!.booking_number, providerId: service.provider_id };
}
