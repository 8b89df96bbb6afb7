import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import type { Knex } from 'knex';
import { ownedBy, type BookingViewer } from '../bookings/read.js';
import type { BookingRow } from '../bookings/row.js';
import { ATTESTATO_COLUMNS, toAttestato, type Attestato, type AttestatoRow } from './row.js';

const COLUMNS = names(ATTESTATO_COLUMNS);

export async function findById(id: string, trx?: Trx): Promise<Attestato | null> {
  const row = await db(trx)('attestati').where({ id }).first<AttestatoRow | undefined>(COLUMNS);
  return row ? toAttestato(row) : null;
}

export async function findByCode(code: string, trx?: Trx): Promise<Attestato | null> {
  const row = await db(trx)('attestati').where({ code }).first<AttestatoRow | undefined>(COLUMNS);
  return row ? toAttestato(row) : null;
}

/**
 * The one visibility rule of attestati (`a`): the booking's client or provider; a provider's trainer, those
 * of the bookings assigned to them (the bookings' own rule).
 */
export function ownedAttestati(q: Knex.QueryBuilder, viewer: BookingViewer, trx?: Trx): Knex.QueryBuilder {
  q.where(viewer.userType === 'provider' ? 'a.provider_id' : 'a.client_id', viewer.id);
  // A trainer, or a site referent: the attestati of the bookings they see.
  if (viewer.assignedTo || viewer.referentId)
    q.whereIn('a.booking_id', ownedBy(db(trx)({ b: 'bookings' }).select('b.id'), viewer));
  return q;
}

/** An attestato its viewer may download (ownedAttestati). null for anyone else. */
export async function findForViewer(id: string, viewer: BookingViewer, trx?: Trx): Promise<Attestato | null> {
  if (!isUuid(id)) return null;
  const row = await ownedAttestati(db(trx)('attestati as a').where('a.id', id), viewer, trx).first<
    AttestatoRow | undefined
  >(names(ATTESTATO_COLUMNS, 'a'));
  return row ? toAttestato(row) : null;
}

export async function listForBooking(bookingId: string, trx?: Trx): Promise<Attestato[]> {
  const rows = await db(trx)('attestati')
    .where({ booking_id: bookingId })
    .orderBy([{ column: 'participant_last_name' }, { column: 'participant_first_name' }])
    .select<AttestatoRow[]>(COLUMNS);
  return rows.map(toAttestato);
}

/** A provider's attestati its member sees, newest first, optionally of one service (its course). */
export async function listForProvider(
  viewer: BookingViewer,
  filter: { listingId: string | null; limit: number; offset: number },
): Promise<{ rows: Attestato[]; total: number }> {
  const base = () => {
    const q = ownedAttestati(db()('attestati as a'), viewer);
    if (filter.listingId)
      q.whereIn('a.booking_id', db()('bookings').select('id').where('service_id', filter.listingId));
    return q;
  };
  const [{ count }] = await base().count<{ count: string }[]>({ count: '*' });
  const rows = await base()
    .orderBy([{ column: 'a.issued_at', order: 'desc' }, { column: 'a.participant_last_name' }, { column: 'a.id' }])
    .limit(filter.limit)
    .offset(filter.offset)
    .select<AttestatoRow[]>(names(ATTESTATO_COLUMNS, 'a'));
  return { rows: rows.map(toAttestato), total: Number(count) };
}

/** The services (courses) a provider issued attestati for: the filter's choices. */
export async function coursesOfProvider(viewer: BookingViewer): Promise<{ listingId: string; title: string }[]> {
  const rows = await ownedAttestati(db()('attestati as a'), viewer)
    .join('bookings as b', 'b.id', 'a.booking_id')
    .groupBy('b.service_id')
    .select<(Pick<BookingRow, 'service_id'> & { title: AttestatoRow['course_title'] })[]>(
      'b.service_id',
      db().raw('min(a.course_title) AS title'),
    )
    .orderBy('title');
  return rows.map((r) => ({ listingId: r.service_id, title: r.title }));
}
