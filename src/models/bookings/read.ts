import type { Knex } from 'knex';
import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import { UNAPPROVED_BOOKING_STATUSES } from '../../lib/booking-status.js';
import { isUuid } from '../../lib/uuid.js';
import { assignedSiteIds } from '../sites/reach.js';
import type { Booking } from './booking.js';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from './row.js';

// Reading one booking: who may see it, and reading it (under lock to change it: write.ts).

/**
 * Who is looking: a client sees the bookings it made, a provider the bookings of its listings; a client's
 * site referent (`referentId`, the person) only those with a participant from one of their sites.
 */
export interface BookingViewer {
  id: string;
  userType: UserType;
  referentId?: string | null;
  /** A provider's trainer sees only the bookings assigned to them (their person id); null or absent: all. */
  assignedTo?: string | null;
}

/**
 * The statuses as constants of the statement's text, not bindings: under the generic plan a prepared statement
 * keeps, `status NOT IN ($1, $2)` builds its array again for every row it filters (the busy provider's
 * statistics filter thousands), while a constant list is built once when the statement is planned.
 */
const UNAPPROVED_TEXT = `b.status NOT IN (${UNAPPROVED_BOOKING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * What a provider may ever see of bookings (`b`): never one its client's administrators have not approved (yet).
 * Every provider-side read of bookings goes through it, ownedBy included.
 */
export function seenByProvider(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q.whereRaw(UNAPPROVED_TEXT);
}

/**
 * What of a viewer the text of a statement about its bookings depends on (ownedBy): its kind, and whether a
 * site referent or a trainer narrows it. The statements every dashboard sends are compiled once per shape
 * (db/knex.ts compiledByShape).
 */
export function viewerShape(viewer: BookingViewer) {
  return {
    userType: viewer.userType,
    referent: viewer.userType === 'client' && !!viewer.referentId,
    trainer: viewer.userType === 'provider' && !!viewer.assignedTo,
  };
}

export type ViewerShape = ReturnType<typeof viewerShape>;
/** The values a viewer's statement binds (viewerOfShape's parameters). */
export type ViewerParam = 'viewerId' | 'referentId' | 'assignedTo';

/** The viewer of a shape, its ids the parameters of a statement compiled by shape (db/knex.ts compiledByShape). */
export function viewerOfShape(shape: ViewerShape, param: (name: ViewerParam) => string): BookingViewer {
  return {
    id: param('viewerId'),
    userType: shape.userType,
    referentId: shape.referent ? param('referentId') : null,
    assignedTo: shape.trainer ? param('assignedTo') : null,
  };
}

/** A viewer's ids as the values of a statement built from viewerOfShape. */
export function viewerValues(viewer: BookingViewer): Record<ViewerParam, string | null> {
  return { viewerId: viewer.id, referentId: viewer.referentId ?? null, assignedTo: viewer.assignedTo ?? null };
}

/**
 * The viewer's own bookings (`b`): by client_id or provider_id (never one awaiting its client's approval);
 * for a site referent those with a participant who is a worker of one of their sites, or that they made; for a trainer those
 * assigned to them (the booking itself, or its course edition).
 * The one visibility rule of bookings: lists, counts, the detail page and the dashboard figures use it.
 */
export function ownedBy(q: Knex.QueryBuilder, viewer: BookingViewer): Knex.QueryBuilder {
  if (viewer.userType === 'provider') {
    seenByProvider(q.where('b.provider_id', viewer.id));
    const trainer = viewer.assignedTo;
    if (!trainer) return q;
    return q.where((w) =>
      w
        .where('b.trainer_member_id', trainer)
        .orWhereIn('b.edition_id', (e) => e.from('course_editions').where('trainer_member_id', trainer).select('id')),
    );
  }
  q.where('b.client_id', viewer.id);
  if (!viewer.referentId) return q;
  const sites = assignedSiteIds({ organisationId: viewer.id, referentId: viewer.referentId });
  const referentId = viewer.referentId;
  return q.where((w) =>
    w
      .whereExists((e) =>
        e
          .select(db().raw('1'))
          .from({ bp: 'booking_participants' })
          .join({ rw: 'workers' }, 'rw.id', 'bp.worker_id')
          .whereRaw('bp.booking_id = b.id')
          .whereIn('rw.site_id', sites),
      )
      // …and the bookings they made themselves.
      .orWhereExists((e) =>
        e
          .select(db().raw('1'))
          .from({ made: 'booking_events' })
          .whereRaw('made.booking_id = b.id')
          .where({ 'made.action': 'created', 'made.member_id': referentId }),
      ),
  );
}

/**
 * A booking its viewer may see: the client who made it, or the provider whose listing it is. null for
 * anyone else, unknown or malformed ids: the caller answers 404 either way.
 */
export async function findForViewer(id: string, viewer: BookingViewer, trx?: Trx): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const q = db(trx)({ b: 'bookings' }).where('b.id', id);
  const row = await ownedBy(q, viewer).first<BookingRow | undefined>(names(BOOKING_COLUMNS, 'b'));
  return row ? toBooking(row) : null;
}

/** Reads a booking and locks its row until the transaction ends: two changes of one booking never overlap. */
export async function lockForUpdate(id: string, trx: Trx): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const row = await trx('bookings').where({ id }).forUpdate().first<BookingRow | undefined>(names(BOOKING_COLUMNS));
  return row ? toBooking(row) : null;
}

/** The booking a client already made with this form (same idempotency key), if any. */
export async function findIdByIdempotencyKey(clientId: string, key: string, trx?: Trx): Promise<string | null> {
  const row = await db(trx)('bookings')
    .where({ client_id: clientId, idempotency_key: key })
    .first<Pick<BookingRow, 'id'> | undefined>('id');
  return row?.id ?? null;
}

/**
 * Pending requests nobody answered: created before `createdBefore`, or whose start has passed. Ids only,
 * oldest first; the caller locks and re-checks each one.
 */
export async function listExpiredRequestIds(
  createdBefore: Date,
  now: Date,
  limit: number,
  trx?: Trx,
): Promise<string[]> {
  const rows = await db(trx)('bookings')
    .where('status', 'pending')
    .where((w) =>
      w
        .where('created_at', '<=', createdBefore)
        .orWhereRaw(`((requested_date + requested_time) AT TIME ZONE 'Europe/Rome') <= ?`, [now]),
    )
    .orderBy('created_at')
    .limit(limit)
    .select<Pick<BookingRow, 'id'>[]>('id');
  return rows.map((r) => r.id);
}

/** Quotes the client left unanswered past their validity date (before `today`, a Rome date). Ids only. */
export async function listExpiredQuoteIds(today: string, limit: number, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('bookings')
    .where('status', 'quoted')
    .where('quote_valid_until', '<', today)
    .orderBy('quote_valid_until')
    .limit(limit)
    .select<Pick<BookingRow, 'id'>[]>('id');
  return rows.map((r) => r.id);
}

/**
 * Confirmed bookings whose start (Europe/Rome) is at or before `now`: on or before `today` by the partial
 * index of confirmed bookings' dates, then by the exact instant. Ids only, earliest first.
 */
export async function listStartedConfirmedIds(today: string, now: Date, limit: number, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('bookings')
    .where('status', 'confirmed')
    .where('requested_date', '<=', today)
    .whereRaw(`((requested_date + requested_time) AT TIME ZONE 'Europe/Rome') <= ?`, [now])
    .orderBy([{ column: 'requested_date' }, { column: 'requested_time' }])
    .limit(limit)
    .select<Pick<BookingRow, 'id'>[]>('id');
  return rows.map((r) => r.id);
}
