// The statuses a booking can be in: one list for the records, the lists' counts and the analytics.

/**
 * docs/product.md §4, plus quoted (the provider answered a request with a quote the client has not accepted yet).
 * No draft status: nothing ever created or resumed one (migration 20261127093000).
 */
export const BOOKING_STATUSES = [
  'awaiting_approval',
  'not_approved',
  'pending',
  'quoted',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses of a booking still under way: it holds its seats of a course edition until it leaves them. */
export const LIVE_BOOKING_STATUSES: readonly BookingStatus[] = [
  'awaiting_approval',
  'pending',
  'quoted',
  'confirmed',
  'in_progress',
];

/**
 * The statuses of a booking its client's administrators have not approved (yet): waiting "In approvazione", or
 * ended "Non approvata". The provider never sees such a booking (models/bookings/read.ts seenByProvider).
 */
export const UNAPPROVED_BOOKING_STATUSES: readonly BookingStatus[] = ['awaiting_approval', 'not_approved'];
