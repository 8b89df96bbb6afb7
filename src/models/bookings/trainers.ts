import { db, type Trx } from '../../db/knex.js';

// The trainer (a member of the provider, users.id) assigned to a booking that is not of a course edition
// (an edition's bookings are its trainer's).

export async function findTrainer(bookingId: string, trx?: Trx): Promise<string | null> {
  const row = await db(trx)('bookings')
    .where({ id: bookingId })
    .first<{ trainer_member_id: string | null } | undefined>('trainer_member_id');
  return row?.trainer_member_id ?? null;
}

export async function setTrainer(bookingId: string, memberId: string | null, now: Date, trx: Trx): Promise<void> {
  await trx('bookings').where({ id: bookingId }).update({ trainer_member_id: memberId, updated_at: now });
}
