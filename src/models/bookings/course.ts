import { db, type Trx } from '../../db/knex.js';
import { toSessions, type EditionRow, type EditionSession } from '../editions/row.js';
import type { ListingRow } from '../listings/row.js';
import type { BookingRow } from './row.js';

// The course behind a booking, as the attendance register and the attestati read it: its training kind,
// its hours and, for a course with editions, the edition booked.

export interface CourseOfBooking {
  listingId: string;
  trainingKind: string | null;
  trainingScope: 'iniziale' | 'aggiornamento' | null;
  listingHours: number | null;
  edition: {
    id: string;
    startsOn: string;
    endsOn: string;
    hours: number;
    deliveryMode: 'in_person' | 'online_sync';
    venueAddress: string | null;
    venueCity: string | null;
    venueProvince: string | null;
    /** Its days, each with its start and end. */
    sessions: EditionSession[];
  } | null;
}

/** The booking's listing and edition (left-joined: its columns are null without one). */
type CourseRow = Pick<BookingRow, 'service_id' | 'edition_id'> &
  Pick<ListingRow, 'training_kind' | 'training_scope' | 'duration_hours'> & {
    [
      K in
        | 'starts_on'
        | 'ends_on'
        | 'hours'
        | 'delivery_mode'
        | 'venue_address'
        | 'venue_city'
        | 'venue_province'
        | 'sessions'
    ]: EditionRow[K] | null;
  };

export async function findCourse(bookingId: string, trx?: Trx): Promise<CourseOfBooking | null> {
  const row = await db(trx)('bookings as b')
    .join('services as s', 's.id', 'b.service_id')
    .leftJoin('course_editions as e', 'e.id', 'b.edition_id')
    .where('b.id', bookingId)
    .first<CourseRow | undefined>(
      'b.service_id',
      's.training_kind',
      's.training_scope',
      's.duration_hours',
      'b.edition_id',
      'e.starts_on',
      'e.ends_on',
      'e.hours',
      'e.delivery_mode',
      'e.venue_address',
      'e.venue_city',
      'e.venue_province',
      'e.sessions',
    );
  if (!row) return null;
  return {
    listingId: row.service_id,
    trainingKind: row.training_kind,
    trainingScope: row.training_scope,
    listingHours: row.duration_hours === null ? null : Number(row.duration_hours),
    edition: row.edition_id
      ? {
          id: row.edition_id,
          startsOn: row.starts_on!,
          endsOn: row.ends_on!,
          hours: Number(row.hours),
          deliveryMode: row.delivery_mode!,
          venueAddress: row.venue_address,
          venueCity: row.venue_city,
          venueProvince: row.venue_province,
          sessions: toSessions(row.sessions),
        }
      : null,
  };
}
