import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
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

/** An attestato its viewer may download: the booking's client or provider. null for anyone else. */
export async function findForViewer(id: string, viewer: BookingViewer, trx?: Trx): Promise<Attestato | null> {
  if (!isUuid(id)) return null;
  const column = viewer.userType === 'provider' ? 'provider_id' : 'client_id';
  const q = db(trx)('attestati').where({ id, [column]: viewer.id });
  // A site referent downloads the attestati of the bookings they see.
  if (viewer.referentId) {
    q.whereExists(
      ownedBy(db(trx)({ b: 'bookings' }).select(db(trx).raw('1')).whereRaw('b.id = attestati.booking_id'), viewer),
    );
  }
  const row = await q.first<AttestatoRow | undefined>(COLUMNS);
  return row ? toAttestato(row) : null;
}

export async function listForBooking(bookingId: string, trx?: Trx): Promise<Attestato[]> {
  const rows = await db(trx)('attestati')
    .where({ booking_id: bookingId })
    .orderBy([{ column: 'participant_last_name' }, { column: 'participant_first_name' }])
    .select<AttestatoRow[]>(COLUMNS);
  return rows.map(toAttestato);
}

/** A provider's attestati, newest first, optionally of one service (its course). */
export async function listForProvider(
  providerId: string,
  filter: { listingId: string | null; limit: number; offset: number },
): Promise<{ rows: Attestato[]; total: number }> {
  const base = () => {
    const q = db()('attestati as a').where('a.provider_id', providerId);
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
export async function coursesOfProvider(providerId: string): Promise<{ listingId: string; title: string }[]> {
  const rows = await db()('attestati as a')
    .join('bookings as b', 'b.id', 'a.booking_id')
    .where('a.provider_id', providerId)
    .groupBy('b.service_id')
    .select<(Pick<BookingRow, 'service_id'> & { title: AttestatoRow['course_title'] })[]>(
      'b.service_id',
      db().raw('min(a.course_title) AS title'),
    )
    .orderBy('title');
  return rows.map((r) => ({ listingId: r.service_id, title: r.title }));
}
