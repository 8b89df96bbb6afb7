import { db, type Trx } from '../../db/knex.js';
import { fromCents } from '../../lib/money.js';
import type { EditionFields, EditionRow } from './row.js';

// Writing course editions: what the provider's form writes, and the status an edition moves through
// (its seats: seats.ts).

/** The form's fields as the edition's columns. */
function toRow(f: EditionFields): Partial<Record<keyof EditionRow, unknown>> {
  const days = f.sessions.map((s) => s.date).sort();
  return {
    sessions: JSON.stringify(f.sessions),
    starts_on: days[0],
    ends_on: days[days.length - 1],
    hours: f.hours,
    delivery_mode: f.deliveryMode,
    venue_address: f.venueAddress,
    venue_city: f.venueCity,
    venue_province: f.venueProvince,
    venue_lat: f.venueLat,
    venue_lng: f.venueLng,
    seats: f.seats,
    min_participants: f.minParticipants,
    booking_deadline: f.bookingDeadline,
    price: f.priceCents === null ? null : fromCents(f.priceCents),
    trainer_member_id: f.trainerMemberId ?? null,
  };
}

export async function insertEdition(
  listingId: string,
  providerId: string,
  fields: EditionFields,
  trx?: Trx,
): Promise<string> {
  const [row] = await db(trx)('course_editions')
    .insert({ ...toRow(fields), service_id: listingId, provider_id: providerId })
    .returning<Pick<EditionRow, 'id'>[]>('id');
  return row!.id;
}

export async function updateEdition(id: string, fields: EditionFields, trx: Trx): Promise<void> {
  await db(trx)('course_editions')
    .where({ id })
    .update({ ...toRow(fields), updated_at: db(trx).fn.now() });
}

export async function markConfirmed(id: string, now: Date, trx: Trx): Promise<void> {
  await trx('course_editions').where({ id }).update({ status: 'confirmed', confirmed_at: now, updated_at: now });
}

export async function markCancelled(
  id: string,
  reason: 'provider' | 'minimum',
  note: string | null,
  now: Date,
  trx: Trx,
): Promise<void> {
  await trx('course_editions').where({ id }).update({
    status: 'cancelled',
    cancelled_at: now,
    cancelled_reason: reason,
    cancellation_note: note,
    seats_taken: 0,
    seats_held: 0,
    updated_at: now,
  });
}

export async function markMinimumNoticeSent(id: string, now: Date, trx: Trx): Promise<void> {
  await trx('course_editions').where({ id }).update({ minimum_notice_sent_at: now, updated_at: now });
}
