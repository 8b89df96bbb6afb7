import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import * as editions from '../models/editions/state.js';
import { setSeats } from '../models/editions/seats.js';
import type { EditionState } from '../models/editions/row.js';
import * as waitlist from '../models/editions/waitlist.js';
import { tell } from './edition-notices.service.js';

/**
 * Seats freed in an edition go to its waiting line before anyone else: the first in line gets them HELD
 * (course_editions.seats_held, counted apart from the free pool) for config().waitlistOfferHours, is told
 * in the app and by email, and books them through the wizard (takeSeats consumes the hold). An offer
 * nobody answers lapses and the seats pass to the next in line, or back to the free pool.
 *
 * The line is strict: when the first waiting client wants more seats than are free, nobody behind them
 * jumps ahead; the free seats stay in the pool until enough are freed for them.
 *
 * Every function here runs on an edition whose row the caller has locked (editions.lockForUpdate).
 */

/** The booking wizard on this edition: where an offer's email leads. */
const bookingPath = (e: EditionState): string => `/services/${e.listingId}/book?edition=${e.id}`;

/** The offer's end: the configured hours, but never after the edition's booking deadline. */
function expiryOf(edition: EditionState, now: Date): Date {
  const hours = new Date(now.getTime() + config().waitlistOfferHours * 3_600_000);
  return hours.getTime() < edition.bookingDeadline.getTime() ? hours : edition.bookingDeadline;
}

/**
 * Offers the edition's free seats to the waiting line, in order, and writes the new counters. `edition`
 * carries the counters as they are to be (taken already lowered by the caller). Returns the seats held.
 */
export async function offerFreeSeats(edition: EditionState, now: Date, trx: Trx): Promise<number> {
  let held = edition.seatsHeld;
  const open = edition.status !== 'cancelled' && edition.bookingDeadline.getTime() > now.getTime();
  if (open) {
    let free = edition.seats - edition.seatsTaken - held;
    for (const entry of await waitlist.listLive(edition.id, trx)) {
      if (free <= 0) break;
      if (entry.status !== 'waiting') continue;
      if (entry.seats > free) break;
      const expiresAt = expiryOf(edition, now);
      await waitlist.markOffered(entry.id, now, expiresAt, trx);
      await tell(
        'waitlist-offer',
        'client',
        entry.clientId,
        edition,
        { seats: entry.seats, expiresAt, path: '/waitlist', emailPath: bookingPath(edition) },
        trx,
      );
      held += entry.seats;
      free -= entry.seats;
    }
  }
  await setSeats(edition.id, { taken: edition.seatsTaken, held }, trx);
  return held;
}

/**
 * Ends the lapsed offers of one edition (locked here) and passes their seats on. Checked again behind the
 * lock, so a second worker finds nothing left to do. Returns how many offers lapsed.
 */
async function expireOffersOf(editionId: string, now: Date): Promise<number> {
  return transaction(async (trx) => {
    const edition = await editions.lockForUpdate(editionId, trx);
    if (!edition) return 0;
    let released = 0;
    let lapsed = 0;
    for (const entry of await waitlist.listLive(editionId, trx)) {
      if (entry.status !== 'offered' || !entry.offerExpiresAt || entry.offerExpiresAt.getTime() > now.getTime())
        continue;
      await waitlist.markEnded(entry.id, 'expired', now, trx);
      await tell('waitlist-expired', 'client', entry.clientId, edition, { seats: entry.seats, path: '/waitlist' }, trx);
      released += entry.seats;
      lapsed += 1;
    }
    if (lapsed === 0) return 0;
    await offerFreeSeats({ ...edition, seatsHeld: Math.max(0, edition.seatsHeld - released) }, now, trx);
    return lapsed;
  });
}

/**
 * The job runner's periodic task: every offer past its expiry lapses and its seats go to the next in line
 * (or back to the free pool). Safe with several workers at once. Returns how many offers lapsed.
 */
export async function expireLapsedOffers(now: Date = new Date()): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const ids = await waitlist.listEditionIdsWithLapsedOffers(now, 100);
    let changed = 0;
    for (const id of ids) changed += await expireOffersOf(id, now);
    lapsed += changed;
    if (ids.length < 100 || changed === 0) return lapsed;
  }
}
