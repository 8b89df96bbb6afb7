import { db, type Trx } from '../db/knex.js';
import { LIVE_BOOKING_STATUSES } from '../lib/booking-status.js';

/**
 * A course edition as the waitlist, the provider's decisions and the minimum-participants task see it
 * (the pages that create and show editions have their own queries). Seat counts change only through
 * edition-seats.service; this file moves them for it, always on a row its caller has locked.
 */
export interface EditionState {
  id: string;
  listingId: string;
  listingTitle: string;
  providerId: string;
  status: 'scheduled' | 'confirmed' | 'cancelled';
  /** 'YYYY-MM-DD' */
  startsOn: string;
  endsOn: string;
  seats: number;
  minParticipants: number;
  seatsTaken: number;
  seatsHeld: number;
  bookingDeadline: Date;
  venueCity: string | null;
  deliveryMode: string;
  cancelledReason: string | null;
  cancellationNote: string | null;
  minimumNoticeSentAt: Date | null;
}

interface EditionRow {
  id: string;
  service_id: string;
  service_title: string;
  provider_id: string;
  status: EditionState['status'];
  starts_on: string;
  ends_on: string;
  seats: number;
  min_participants: number;
  seats_taken: number;
  seats_held: number;
  booking_deadline: Date;
  venue_city: string | null;
  delivery_mode: string;
  cancelled_reason: string | null;
  cancellation_note: string | null;
  minimum_notice_sent_at: Date | null;
}

const COLUMNS = [
  'e.id',
  'e.service_id',
  's.title as service_title',
  'e.provider_id',
  'e.status',
  'e.starts_on',
  'e.ends_on',
  'e.seats',
  'e.min_participants',
  'e.seats_taken',
  'e.seats_held',
  'e.booking_deadline',
  'e.venue_city',
  'e.delivery_mode',
  'e.cancelled_reason',
  'e.cancellation_note',
  'e.minimum_notice_sent_at',
];

const toEdition = (r: EditionRow): EditionState => ({
  id: r.id,
  listingId: r.service_id,
  listingTitle: r.service_title,
  providerId: r.provider_id,
  status: r.status,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  seats: r.seats,
  minParticipants: r.min_participants,
  seatsTaken: r.seats_taken,
  seatsHeld: r.seats_held,
  bookingDeadline: r.booking_deadline,
  venueCity: r.venue_city,
  deliveryMode: r.delivery_mode,
  cancelledReason: r.cancelled_reason,
  cancellationNote: r.cancellation_note,
  minimumNoticeSentAt: r.minimum_notice_sent_at,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const base = (trx?: Trx) =>
  db(trx)('course_editions as e').join('services as s', 's.id', 'e.service_id').select(COLUMNS);

/** An edition by id (null for an unknown or malformed id). */
export async function find(id: string, trx?: Trx): Promise<EditionState | null> {
  if (!UUID.test(id)) return null;
  const row = await base(trx).where('e.id', id).first<EditionRow | undefined>();
  return row ? toEdition(row) : null;
}

/**
 * The edition, its row locked until the transaction ends: every change of its seats, its line or its
 * status happens behind this lock, so two job runners or requests take turns. FOR NO KEY UPDATE, not FOR
 * UPDATE: a booking inserted in the same transaction holds a KEY SHARE lock on this row (its foreign key),
 * and FOR UPDATE would wait for every other booking's KEY SHARE while they wait for ours (a deadlock
 * PostgreSQL breaks by failing all but one of 20 concurrent bookings).
 */
export async function lockForUpdate(id: string, trx: Trx): Promise<EditionState | null> {
  if (!UUID.test(id)) return null;
  const row = await base(trx).where('e.id', id).forNoKeyUpdate('e').first<EditionRow | undefined>();
  return row ? toEdition(row) : null;
}

/** Sets the seat counters of a locked edition (the table's CHECK still refuses any overselling). */
export async function setSeats(id: string, seats: { taken: number; held: number }, trx: Trx): Promise<void> {
  await trx('course_editions')
    .where({ id })
    .update({ seats_taken: seats.taken, seats_held: seats.held, updated_at: trx.fn.now() });
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

/** The next edition of the same service still open to bookings after this one (null when there is none). */
export async function findNextOpen(edition: EditionState, now: Date, trx?: Trx): Promise<EditionState | null> {
  const row = await base(trx)
    .where('e.service_id', edition.listingId)
    .whereNot('e.id', edition.id)
    .whereNot('e.status', 'cancelled')
    .where('e.starts_on', '>=', edition.startsOn)
    .where('e.booking_deadline', '>', now)
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.id' }])
    .first<EditionRow | undefined>();
  return row ? toEdition(row) : null;
}

/** Scheduled editions under their minimum whose first day is on or before `lastDay` (oldest first). */
export async function listUnderMinimumIds(
  lastDay: string,
  options: { unnoticed?: boolean } = {},
  limit = 100,
  trx?: Trx,
): Promise<string[]> {
  const q = db(trx)('course_editions')
    .where({ status: 'scheduled' })
    .whereRaw('seats_taken < min_participants')
    .where('starts_on', '<=', lastDay)
    .orderBy([{ column: 'starts_on' }, { column: 'id' }])
    .limit(limit)
    .pluck<string[]>('id');
  if (options.unnoticed) q.whereNull('minimum_notice_sent_at');
  return q;
}

/** The bookings of an edition that still hold seats (not cancelled, completed nor no-show). */
export async function liveBookingIds(editionId: string, trx: Trx): Promise<string[]> {
  return trx('bookings')
    .where({ edition_id: editionId })
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .orderBy('created_at')
    .pluck<string[]>('id');
}

/**
 * Locks the live bookings of an edition, in id order. Taken BEFORE the edition's row by a cancellation:
 * a booking's own transaction locks the booking, then the edition (releaseSeats), so the same order here
 * keeps the two from waiting on each other.
 */
export async function lockLiveBookings(editionId: string, trx: Trx): Promise<string[]> {
  if (!UUID.test(editionId)) return [];
  const rows = await trx('bookings')
    .where({ edition_id: editionId })
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .orderBy('id')
    .forUpdate()
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}
