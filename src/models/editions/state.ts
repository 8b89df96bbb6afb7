import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { LIVE_BOOKING_STATUSES } from '../../lib/booking-status.js';
import { isUuid } from '../../lib/uuid.js';
import type { ListingRow } from '../listings/row.js';
import { EDITION_COLUMNS, toEdition, type EditionRow, type EditionState } from './row.js';

// A course edition as the waitlist, the provider's decisions and the minimum-participants task read it,
// locked when it is about to change; and the bookings that hold its seats. Seat counts change only through
// seats.ts, always on a row its caller has locked here.

/** The edition's row and its listing's title. */
type StateRow = EditionRow & { service_title: ListingRow['title'] };

const toState = (r: StateRow): EditionState => ({ ...toEdition(r), listingTitle: r.service_title });

const base = (trx?: Trx) =>
  db(trx)('course_editions as e')
    .join('services as s', 's.id', 'e.service_id')
    .select([...names(EDITION_COLUMNS, 'e'), 's.title as service_title']);

/** An edition by id (null for an unknown or malformed id). */
export async function find(id: string, trx?: Trx): Promise<EditionState | null> {
  if (!isUuid(id)) return null;
  const row = await base(trx).where('e.id', id).first<StateRow | undefined>();
  return row ? toState(row) : null;
}

/**
 * The edition, its row locked until the transaction ends: every change of its seats, its line or its
 * status happens behind this lock, so two job runners or requests take turns. FOR NO KEY UPDATE, not FOR
 * UPDATE: a booking inserted in the same transaction holds a KEY SHARE lock on this row (its foreign key),
 * and FOR UPDATE would wait for every other booking's KEY SHARE while they wait for ours (a deadlock
 * PostgreSQL breaks by failing all but one of 20 concurrent bookings).
 */
export async function lockForUpdate(id: string, trx: Trx): Promise<EditionState | null> {
  if (!isUuid(id)) return null;
  const row = await base(trx).where('e.id', id).forNoKeyUpdate('e').first<StateRow | undefined>();
  return row ? toState(row) : null;
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
    .first<StateRow | undefined>();
  return row ? toState(row) : null;
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
  if (!isUuid(editionId)) return [];
  const rows = await trx('bookings')
    .where({ edition_id: editionId })
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .orderBy('id')
    .forUpdate()
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}
