import { transaction } from '../db/knex.js';
import * as editions from '../models/editions/state.js';
import type { EditionState } from '../models/editions/row.js';
import * as waitlist from '../models/editions/waitlist.js';
import type { ClientWaitlistEntry } from '../models/editions/waitlist.js';
import { validateWaitlist } from '../validators/waitlist.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { offerFreeSeats } from './waitlist-offers.service.js';

export type { ClientWaitlistEntry, EditionState };

/**
 * A client's places in the waiting lines of full course editions: joining (only a full, open edition; one
 * live place per client and edition), withdrawing (a held offer passes to the next in line), and the list.
 */

export type JoinResult =
  | { ok: true; position: number; edition: EditionState }
  | { ok: false; kind: 'not_found' }
  /** 'not_full': book it directly; 'closed': cancelled or past its booking deadline; 'duplicate': already in line. */
  | { ok: false; kind: 'refused'; reason: 'not_full' | 'closed' | 'duplicate'; edition: EditionState }
  | { ok: false; kind: 'invalid'; edition: EditionState; errors: FormErrors; values: Record<string, unknown> };

export const isFull = (e: EditionState): boolean => e.seatsTaken + e.seatsHeld >= e.seats;
const isOpen = (e: EditionState, now: Date): boolean =>
  e.status !== 'cancelled' && e.bookingDeadline.getTime() > now.getTime();

/** The edition behind a waitlist form (null when unknown). */
export function findEdition(editionId: string): Promise<EditionState | null> {
  return editions.find(editionId);
}

export async function joinWaitlist(
  editionId: string,
  clientId: string,
  input: unknown,
  now = new Date(),
): Promise<JoinResult> {
  return transaction(async (trx) => {
    const edition = await editions.lockForUpdate(editionId, trx);
    if (!edition) return { ok: false, kind: 'not_found' };
    if (!isOpen(edition, now)) return { ok: false, kind: 'refused', reason: 'closed', edition };
    if (!isFull(edition)) return { ok: false, kind: 'refused', reason: 'not_full', edition };
    const form = validateWaitlist(input, edition.seats);
    if (!form.ok) return { ok: false, kind: 'invalid', edition, errors: form.errors, values: form.value };
    const id = await waitlist.insert(edition.id, clientId, form.value.seats, trx);
    if (!id) return { ok: false, kind: 'refused', reason: 'duplicate', edition };
    return { ok: true, position: await waitlist.positionOf(id, trx), edition };
  });
}

export type WithdrawResult = { ok: true } | { ok: false; kind: 'not_found' | 'ended' };

/** The client leaves the line; seats held for their offer go to the next in line. */
export async function withdrawFromWaitlist(
  entryId: string,
  clientId: string,
  now = new Date(),
): Promise<WithdrawResult> {
  const found = await waitlist.findById(entryId);
  if (!found || found.clientId !== clientId) return { ok: false, kind: 'not_found' };
  return transaction(async (trx) => {
    const edition = await editions.lockForUpdate(found.editionId, trx);
    const entry = await waitlist.findLiveForClient(found.editionId, clientId, trx);
    if (!edition || !entry || entry.id !== found.id) return { ok: false, kind: 'ended' };
    await waitlist.markEnded(entry.id, 'withdrawn', now, trx);
    if (entry.status === 'offered')
      await offerFreeSeats({ ...edition, seatsHeld: Math.max(0, edition.seatsHeld - entry.seats) }, now, trx);
    return { ok: true };
  });
}

export function listWaitlist(clientId: string): Promise<ClientWaitlistEntry[]> {
  return waitlist.listForClient(clientId);
}
