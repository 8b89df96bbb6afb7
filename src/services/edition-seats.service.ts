import type { Trx } from '../db/knex.js';
import * as editions from '../models/editions/state.js';
import * as seats from '../models/editions/seats.js';
import * as waitlist from '../models/editions/waitlist.js';
import { offerFreeSeats } from './waitlist-offers.service.js';

/**
 * The one place where bookings take and give back seats of a course edition. Call both inside the
 * transaction that creates or ends the booking, so a seat is never counted twice nor lost.
 *
 * Seats freed in an edition with clients waiting are held for the first in line (waitlist-offers.service);
 * a client with a live offer takes the held seats even though the edition looks full to everyone else.
 */
export interface SeatRequest {
  editionId: string;
  clientId: string;
  seats: number;
  now: Date;
}

/**
 * A client answering their waitlist offer: the held seats become theirs (seats_held -> seats_taken), with
 * the free ones if they ask for more. null when they have no live offer; false when even that is not
 * enough (nothing changes). Seats held for them but not booked pass to the next in line.
 */
async function takeOffered(req: SeatRequest, trx: Trx): Promise<boolean | null> {
  const edition = await editions.lockForUpdate(req.editionId, trx);
  if (!edition) return null;
  const offer = await waitlist.findLiveForClient(req.editionId, req.clientId, trx);
  if (!offer || offer.status !== 'offered' || !offer.offerExpiresAt) return null;
  if (offer.offerExpiresAt.getTime() <= req.now.getTime()) return null;
  const held = Math.max(0, edition.seatsHeld - offer.seats);
  const taken = edition.seatsTaken + req.seats;
  const open = edition.status !== 'cancelled' && edition.bookingDeadline.getTime() > req.now.getTime();
  if (!open || taken + held > edition.seats) return false;
  const bookingId = await waitlist.findClientBookingId(req.editionId, req.clientId, trx);
  await waitlist.markEnded(offer.id, 'booked', req.now, trx, bookingId);
  await offerFreeSeats({ ...edition, seatsTaken: taken, seatsHeld: held }, req.now, trx);
  return true;
}

/** Takes the seats for a new booking; false when the edition is full, closed or cancelled. */
export async function takeSeats(req: SeatRequest, trx: Trx): Promise<boolean> {
  const offered = await takeOffered(req, trx);
  if (offered !== null) return offered;
  return seats.take(req.editionId, req.seats, req.now, trx);
}

/**
 * Gives back the seats of a booking that no longer holds them; with clients waiting, they are held and
 * offered to the first in line instead of going back to the free pool.
 */
export async function releaseSeats(editionId: string, n: number, trx: Trx): Promise<void> {
  const edition = await editions.lockForUpdate(editionId, trx);
  if (!edition) return;
  const taken = Math.max(0, edition.seatsTaken - n);
  if (edition.status === 'cancelled') return seats.release(editionId, n, trx);
  await offerFreeSeats({ ...edition, seatsTaken: taken }, new Date(), trx);
}
