import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { LIVE_BOOKING_STATUSES } from '../../lib/booking-status.js';
import { isUuid } from '../../lib/uuid.js';
import type { ListingRow } from '../listings/row.js';
import type { EditionRow } from './row.js';

/**
 * The waiting line of a course edition: first come, first served (created_at, then id). The partial
 * unique index edition_waitlist_one_live_idx allows one live entry (waiting or offered) per client and
 * edition. Changes happen behind the edition's row lock (state.ts lockForUpdate).
 */
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'withdrawn' | 'closed';

export interface WaitlistEntry {
  id: string;
  editionId: string;
  clientId: string;
  seats: number;
  status: WaitlistStatus;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  bookingId: string | null;
  createdAt: Date;
}

/** An entry as its client's list shows it, with its course and its place in line. */
export interface ClientWaitlistEntry extends WaitlistEntry {
  listingId: string;
  listingTitle: string;
  startsOn: string;
  endsOn: string;
  venueCity: string | null;
  deliveryMode: string;
  editionStatus: string;
  /** 1 for the first live entry of the line; null once the entry is no longer live. */
  position: number | null;
}

interface WaitlistRow {
  id: string;
  edition_id: string;
  client_id: string;
  seats: number;
  status: WaitlistStatus;
  offered_at: Date | null;
  offer_expires_at: Date | null;
  booking_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const WAITLIST_COLUMNS = columnsOf<WaitlistRow>({
  id: 'text',
  edition_id: 'text',
  client_id: 'text',
  seats: 'number',
  status: 'text',
  offered_at: 'timestamp',
  offer_expires_at: 'timestamp',
  booking_id: 'text',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

const COLUMNS = names(WAITLIST_COLUMNS, 'w');

const toEntry = (r: WaitlistRow): WaitlistEntry => ({
  id: r.id,
  editionId: r.edition_id,
  clientId: r.client_id,
  seats: r.seats,
  status: r.status,
  offeredAt: r.offered_at,
  offerExpiresAt: r.offer_expires_at,
  bookingId: r.booking_id,
  createdAt: r.created_at,
});

const LIVE = ['waiting', 'offered'];

/** Puts a client in line; null when they already have a live entry for the edition (unique index). */
export async function insert(editionId: string, clientId: string, seats: number, trx: Trx): Promise<string | null> {
  const rows = await trx.raw<{ rows: { id: string }[] }>(
    `INSERT INTO edition_waitlist (edition_id, client_id, seats) VALUES (?, ?, ?)
     ON CONFLICT (edition_id, client_id) WHERE status IN ('waiting', 'offered') DO NOTHING RETURNING id`,
    [editionId, clientId, seats],
  );
  return rows.rows[0]?.id ?? null;
}

/** Where a live entry stands in its line (1 = first); compared in SQL, at the timestamps' full precision. */
export async function positionOf(entryId: string, trx?: Trx): Promise<number> {
  const row = await db(trx)('edition_waitlist as o')
    .join('edition_waitlist as w', 'w.edition_id', 'o.edition_id')
    .where('w.id', entryId)
    .whereIn('o.status', LIVE)
    .whereRaw('(o.created_at, o.id) <= (w.created_at, w.id)')
    .count<{ count: string | number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

export async function findById(id: string, trx?: Trx): Promise<WaitlistEntry | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('edition_waitlist as w').select(COLUMNS).where('w.id', id).first<WaitlistRow | undefined>();
  return row ? toEntry(row) : null;
}

/** A client's live entry on an edition, locked (the edition's row is locked by the caller too). */
export async function findLiveForClient(editionId: string, clientId: string, trx: Trx): Promise<WaitlistEntry | null> {
  const row = await trx('edition_waitlist as w')
    .select(COLUMNS)
    .where({ 'w.edition_id': editionId, 'w.client_id': clientId })
    .whereIn('w.status', LIVE)
    .forNoKeyUpdate('w')
    .first<WaitlistRow | undefined>();
  return row ? toEntry(row) : null;
}

/** The live entries of an edition in line order, locked. */
export async function listLive(editionId: string, trx: Trx): Promise<WaitlistEntry[]> {
  const rows = await trx('edition_waitlist as w')
    .select(COLUMNS)
    .where('w.edition_id', editionId)
    .whereIn('w.status', LIVE)
    .orderBy([{ column: 'w.created_at' }, { column: 'w.id' }])
    .forNoKeyUpdate('w');
  return (rows as WaitlistRow[]).map(toEntry);
}

export async function markOffered(id: string, now: Date, expiresAt: Date, trx: Trx): Promise<void> {
  await trx('edition_waitlist')
    .where({ id })
    .update({ status: 'offered', offered_at: now, offer_expires_at: expiresAt, updated_at: now });
}

/** Ends an entry: booked (with its booking when it already exists), expired, withdrawn or closed. */
export async function markEnded(
  id: string,
  status: Exclude<WaitlistStatus, 'waiting' | 'offered'>,
  now: Date,
  trx: Trx,
  bookingId: string | null = null,
): Promise<void> {
  await trx('edition_waitlist')
    .where({ id })
    .update({ status, updated_at: now, ...(bookingId ? { booking_id: bookingId } : {}) });
}

/** The newest live booking of a client on an edition (the one a consumed offer became), if it exists yet. */
export async function findClientBookingId(editionId: string, clientId: string, trx: Trx): Promise<string | null> {
  const row = await trx('bookings')
    .where({ edition_id: editionId, client_id: clientId })
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .orderBy('created_at', 'desc')
    .first<{ id: string } | undefined>('id');
  return row?.id ?? null;
}

/** Editions with an offer past its expiry, oldest first. */
export async function listEditionIdsWithLapsedOffers(now: Date, limit = 100, trx?: Trx): Promise<string[]> {
  return db(trx)('edition_waitlist')
    .where({ status: 'offered' })
    .where('offer_expires_at', '<=', now)
    .groupBy('edition_id')
    .orderByRaw('min(offer_expires_at)')
    .limit(limit)
    .pluck<string[]>('edition_id');
}

/** A client's entries, newest first, with their course and, while live, their place in line. */
export async function listForClient(clientId: string, trx?: Trx): Promise<ClientWaitlistEntry[]> {
  const rows = await db(trx)('edition_waitlist as w')
    .join('course_editions as e', 'e.id', 'w.edition_id')
    .join('services as s', 's.id', 'e.service_id')
    .select(COLUMNS)
    .select(
      's.id as service_id',
      's.title as service_title',
      'e.starts_on',
      'e.ends_on',
      'e.venue_city',
      'e.delivery_mode',
      'e.status as edition_status',
      db(trx).raw(
        `CASE WHEN w.status IN ('waiting', 'offered') THEN (
           SELECT count(*) FROM edition_waitlist o WHERE o.edition_id = w.edition_id
              AND o.status IN ('waiting', 'offered') AND (o.created_at, o.id) <= (w.created_at, w.id)
         ) END AS position`,
      ),
    )
    .where('w.client_id', clientId)
    .orderBy([{ column: 'w.created_at', order: 'desc' }])
    .limit(100);
  return (
    rows as (WaitlistRow &
      Pick<EditionRow, 'service_id' | 'starts_on' | 'ends_on' | 'venue_city' | 'delivery_mode'> & {
        service_title: ListingRow['title'];
        edition_status: EditionRow['status'];
        position: number | string | null;
      })[]
  ).map((r) => ({
    ...toEntry(r),
    listingId: r.service_id,
    listingTitle: r.service_title,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    venueCity: r.venue_city,
    deliveryMode: r.delivery_mode,
    editionStatus: r.edition_status,
    position: r.position === null ? null : Number(r.position),
  }));
}
