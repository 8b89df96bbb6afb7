import { db } from '../../db/knex.js';

// What the console reads of an organisation's bookings: counts, and the open ones to follow up.

/** A booking that has not ended: waiting for an answer, confirmed or under way. */
export const OPEN_STATUSES = ['pending', 'confirmed', 'in_progress'] as const;

export interface BookingCounts {
  total: number;
  open: number;
  completed: number;
  cancelled: number;
}

export interface OpenBooking {
  id: string;
  bookingNumber: string;
  serviceTitle: string;
  status: string;
  requestedDate: string;
}

const ofParty = (organisationId: string) =>
  db()('bookings as b').where((w) => w.where('b.client_id', organisationId).orWhere('b.provider_id', organisationId));

/** An organisation's bookings as client or provider (drafts not counted), by how they stand. */
export async function bookingCountsOf(organisationId: string): Promise<BookingCounts> {
  const row = await ofParty(organisationId)
    .whereNot('b.status', 'draft')
    .first<{ total: string; open: string; completed: string; cancelled: string }>(
      db().raw('count(*) AS total'),
      db().raw(`count(*) FILTER (WHERE b.status IN ('pending', 'confirmed', 'in_progress')) AS open`),
      db().raw(`count(*) FILTER (WHERE b.status = 'completed') AS completed`),
      db().raw(`count(*) FILTER (WHERE b.status IN ('cancelled', 'no_show')) AS cancelled`),
    );
  return {
    total: Number(row.total),
    open: Number(row.open),
    completed: Number(row.completed),
    cancelled: Number(row.cancelled),
  };
}

/** The open bookings of an organisation, soonest first (at most `limit`). */
export async function openBookingsOf(organisationId: string, limit = 100): Promise<OpenBooking[]> {
  const rows = await ofParty(organisationId)
    .whereIn('b.status', OPEN_STATUSES)
    .orderBy([{ column: 'b.requested_date' }, { column: 'b.id' }])
    .limit(limit)
    .select<{ id: string; booking_number: string; service_title: string; status: string; requested_date: string }[]>(
      'b.id',
      'b.booking_number',
      'b.service_title',
      'b.status',
      db().raw(`to_char(b.requested_date, 'YYYY-MM-DD') AS requested_date`),
    );
  return rows.map((r) => ({
    id: r.id,
    bookingNumber: r.booking_number,
    serviceTitle: r.service_title,
    status: r.status,
    requestedDate: r.requested_date,
  }));
}
