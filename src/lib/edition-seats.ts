/** Seats of a course edition, as the pages and the booking rules count them. Pure. */

interface EditionSeats {
  seats: number;
  seatsTaken: number;
  seatsHeld: number;
}

/** Seats a client can still book (those held for a waitlist offer are not free). */
export const seatsLeft = (e: EditionSeats): number => Math.max(0, e.seats - e.seatsTaken - e.seatsHeld);

/** Open for booking now: not cancelled, before its deadline, a seat left. */
export const isBookable = (e: EditionSeats & { status: string; bookingDeadline: Date }, now: Date): boolean =>
  e.status !== 'cancelled' && e.bookingDeadline.getTime() > now.getTime() && seatsLeft(e) > 0;
