import type { Trx } from '../db/knex.js';

/** A request written through the contact form. */
export interface NewContactRequest {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  bookingNumber: string | null;
  idempotencyKey: string;
}

/** Stores the request; null when this form was already sent (same idempotency key). */
export async function insert(request: NewContactRequest, trx: Trx): Promise<{ id: string } | null> {
  const rows = await trx('contact_requests')
    .insert({
      user_id: request.userId,
      name: request.name,
      email: request.email,
      subject: request.subject,
      message: request.message,
      booking_number: request.bookingNumber,
      idempotency_key: request.idempotencyKey,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning<{ id: string }[]>(['id']);
  return rows[0] ?? null;
}
