import { db, type Trx } from '../../db/knex.js';
import type { Role } from '../../lib/permissions.js';

// Who did what on a booking (the booking_events table): one row per step a member took, in the step's
// transaction. The member is a person (users.id); the organisation is the one they acted for.

/** What was done: the lifecycle's steps, payments, the attendance register and the attestati issued. */
export type BookingEventAction =
  | 'created'
  | 'confirmed'
  | 'quoted'
  | 'quote_accepted'
  | 'quote_declined'
  | 'withdrawn'
  | 'rejected'
  | 'cancelled'
  | 'completed'
  | 'no_show'
  | 'paid'
  | 'refunded'
  | 'attendance_recorded'
  | 'attestati_issued'
  | 'dispute_opened'
  | 'dispute_decided';

export interface NewBookingEvent {
  bookingId: string;
  action: BookingEventAction;
  /** Null for an operator's step (a dispute's decision): an operator acts for no organisation. */
  organisationId: string | null;
  memberId: string;
  note?: string | null;
  at: Date;
}

export interface BookingEventRecord {
  bookingId: string;
  action: BookingEventAction;
  organisationId: string | null;
  memberId: string | null;
  /** The member's first and last name, else their email; null when not known. */
  memberName: string | null;
  note: string | null;
  at: Date;
}

/** The activity list's line: the event and the booking it is about. */
export interface ActivityRecord extends BookingEventRecord {
  bookingNumber: string;
  bookingTitle: string;
}

interface EventRow {
  booking_id: string;
  action: BookingEventAction;
  organisation_id: string | null;
  member_id: string | null;
  member_name: string | null;
  note: string | null;
  at: Date;
}

const MEMBER_NAME = `COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.email)`;

const EVENT_COLUMNS = ['e.booking_id', 'e.action', 'e.organisation_id', 'e.member_id', 'e.note', 'e.at'] as const;

function toRecord(row: EventRow): BookingEventRecord {
  return {
    bookingId: row.booking_id,
    action: row.action,
    organisationId: row.organisation_id,
    memberId: row.member_id,
    memberName: row.member_name,
    note: row.note,
    at: new Date(row.at),
  };
}

export async function insertEvent(e: NewBookingEvent, trx: Trx): Promise<void> {
  await trx('booking_events').insert({
    booking_id: e.bookingId,
    action: e.action,
    organisation_id: e.organisationId,
    member_id: e.memberId,
    note: e.note ?? null,
    at: e.at,
  });
}

/** A booking's events, oldest first, with the names of their members. */
export async function listForBooking(bookingId: string, trx?: Trx): Promise<BookingEventRecord[]> {
  const rows = await db(trx)({ e: 'booking_events' })
    .leftJoin({ u: 'users' }, 'u.id', 'e.member_id')
    .where('e.booking_id', bookingId)
    .orderBy('e.at')
    .select<EventRow[]>([...EVENT_COLUMNS, db(trx).raw(`${MEMBER_NAME} AS member_name`)]);
  return rows.map(toRecord);
}

export interface ActivityQuery {
  memberId: string | null;
  limit: number;
  offset: number;
}

/** An organisation's events, latest first (of one member when asked), and how many there are. */
export async function listForOrganisation(
  organisationId: string,
  query: ActivityQuery,
): Promise<{ rows: ActivityRecord[]; total: number }> {
  const k = db();
  const scoped = () => {
    const q = k({ e: 'booking_events' }).where('e.organisation_id', organisationId);
    return query.memberId ? q.where('e.member_id', query.memberId) : q;
  };
  const [counted, rows] = await Promise.all([
    scoped().count<{ count: string }[]>('* as count'),
    scoped()
      .join({ b: 'bookings' }, 'b.id', 'e.booking_id')
      .leftJoin({ u: 'users' }, 'u.id', 'e.member_id')
      .orderBy([
        { column: 'e.at', order: 'desc' },
        { column: 'e.id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset(query.offset)
      .select<(EventRow & { booking_number: string; service_title: string })[]>([
        ...EVENT_COLUMNS,
        'b.booking_number',
        'b.service_title',
        k.raw(`${MEMBER_NAME} AS member_name`),
      ]),
  ]);
  return {
    total: Number(counted[0]?.count ?? 0),
    rows: rows.map((r) => ({ ...toRecord(r), bookingNumber: r.booking_number, bookingTitle: r.service_title })),
  };
}

export interface OrganisationMember {
  id: string;
  name: string;
  role: Role;
}

/** The members of an organisation, by name (of one role when asked): the activity filter, the trainers. */
export async function listMembers(
  organisationId: string,
  role: Role | null = null,
  trx?: Trx,
): Promise<OrganisationMember[]> {
  const q = db(trx)({ m: 'memberships' })
    .join({ u: 'users' }, 'u.id', 'm.user_id')
    .where('m.organisation_id', organisationId);
  const rows = await (role ? q.where('m.role', role) : q)
    .orderByRaw(`${MEMBER_NAME}`)
    .select<{ id: string; name: string; role: Role }[]>('u.id', db(trx).raw(`${MEMBER_NAME} AS name`), 'm.role');
  return rows;
}
