import type { Trx } from '../../db/knex.js';

/**
 * Seats of a course edition, counted on its row. Both statements lock the row (UPDATE), and the table's
 * CHECK (seats_taken + seats_held <= seats) refuses any overselling the code might still attempt.
 */

/** Takes n free seats if the edition is open and has them; false otherwise (nothing changes). */
export async function take(editionId: string, n: number, now: Date, trx: Trx): Promise<boolean> {
  const rows = await trx('course_editions')
    .where({ id: editionId })
    .whereNot({ status: 'cancelled' })
    .where('booking_deadline', '>', now)
    .whereRaw('seats_taken + seats_held + ? <= seats', [n])
    .update({ seats_taken: trx.raw('seats_taken + ?', [n]), updated_at: trx.fn.now() })
    .returning('id');
  return rows.length === 1;
}

/** Gives back n seats taken by a booking that no longer holds them (cancelled, rejected, expired). */
export async function release(editionId: string, n: number, trx: Trx): Promise<void> {
  await trx('course_editions')
    .where({ id: editionId })
    .update({ seats_taken: trx.raw('greatest(seats_taken - ?, 0)', [n]), updated_at: trx.fn.now() });
}

/** Sets the seat counters of a locked edition (the table's CHECK still refuses any overselling). */
export async function setSeats(id: string, seats: { taken: number; held: number }, trx: Trx): Promise<void> {
  await trx('course_editions')
    .where({ id })
    .update({ seats_taken: seats.taken, seats_held: seats.held, updated_at: trx.fn.now() });
}
