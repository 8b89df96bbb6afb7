import { transaction } from '../db/knex.js';
import { isUuid } from '../lib/uuid.js';
import { listMembers, type OrganisationMember } from '../models/bookings/events.js';
import { findTrainer, setTrainer } from '../models/bookings/trainers.js';
import type { Booking } from '../models/bookings/booking.js';
import { lockForActor, type Actor } from './booking-lifecycle.service.js';

/**
 * The Docente of an appointment booking (not of a course edition, whose bookings are its trainer's): the
 * provider's administrator or office assigns one of its trainers, who then sees the booking.
 */

export interface TrainerChoice {
  current: string | null;
  trainers: OrganisationMember[];
}

/** What the booking page offers its provider: none for an edition's booking, or a provider without trainers. */
export async function trainerChoice(booking: Booking): Promise<TrainerChoice | null> {
  if (booking.editionId) return null;
  const trainers = await listMembers(booking.providerId, 'trainer');
  if (trainers.length === 0) return null;
  return { current: await findTrainer(booking.id), trainers };
}

export type TrainerResult = { ok: true } | { ok: false; kind: 'not_found' | 'invalid' };

/** Assigns the trainer chosen (or none, for ''), under the booking's lock; anyone but its provider finds nothing. */
export async function assignTrainer(bookingId: string, actor: Actor, input: unknown, now = new Date()) {
  const chosen = String((input as Record<string, unknown> | null)?.trainer_member_id ?? '').trim();
  return transaction(async (trx): Promise<TrainerResult> => {
    const locked = await lockForActor(bookingId, actor, trx);
    if (!locked || locked.role !== 'provider' || locked.booking.editionId) return { ok: false, kind: 'not_found' };
    if (chosen) {
      const trainers = isUuid(chosen) ? await listMembers(locked.booking.providerId, 'trainer', trx) : [];
      if (!trainers.some((m) => m.id === chosen)) return { ok: false, kind: 'invalid' };
    }
    await setTrainer(locked.booking.id, chosen || null, now, trx);
    return { ok: true };
  });
}
