import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { matching, type ListingSearchQuery } from '../search/matching.js';

// What is new for a saved search: services of the search published since its last email, and services of
// the search with a course edition added since then (still open for booking).

export interface NewMatch {
  listingId: string;
  title: string;
  city: string | null;
  providerName: string;
  /** The service itself is new (else: it has a new edition). */
  newService: boolean;
  /** The earliest new edition still open for booking, when there is one. */
  edition: { id: string; startsOn: string; deliveryMode: 'in_person' | 'online_sync' } | null;
}

/** At most this many in one email; the email links to the search for the rest. */
export const NEW_MATCHES_SHOWN = 10;

export async function newMatchesSince(
  query: ListingSearchQuery,
  since: Date,
  until: Date,
  trx?: Trx,
): Promise<NewMatch[]> {
  const k = db(trx);
  const newEdition = k({ e: 'course_editions' })
    .whereRaw('e.service_id = s.id')
    .whereNot('e.status', 'cancelled')
    .where('e.created_at', '>', since)
    .where('e.created_at', '<=', until)
    .where('e.booking_deadline', '>', until)
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.id' }])
    .limit(1);
  const q = matching({ ...query, sort: 'relevance' }, trx)
    .joinRaw('LEFT JOIN LATERAL (?) AS ne ON true', [
      newEdition.select('e.id', 'e.starts_on', 'e.delivery_mode') as unknown as Knex.Value,
    ])
    .where((w) =>
      w.where((n) => n.where('s.created_at', '>', since).where('s.created_at', '<=', until)).orWhereNotNull('ne.id'),
    )
    .select(
      's.id',
      's.title',
      's.location_city',
      'p.business_name',
      k.raw('(s.created_at > ?) AS new_service', [since]),
      'ne.id as edition_id',
      k.raw(`to_char(ne.starts_on, 'YYYY-MM-DD') AS edition_starts_on`),
      'ne.delivery_mode as edition_mode',
    )
    .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id' }])
    .limit(NEW_MATCHES_SHOWN);
  const rows = (await q) as {
    id: string;
    title: string;
    location_city: string | null;
    business_name: string;
    new_service: boolean;
    edition_id: string | null;
    edition_starts_on: string | null;
    edition_mode: 'in_person' | 'online_sync' | null;
  }[];
  return rows.map((r) => ({
    listingId: r.id,
    title: r.title,
    city: r.location_city,
    providerName: r.business_name,
    newService: r.new_service,
    edition:
      r.edition_id && r.edition_starts_on && r.edition_mode
        ? { id: r.edition_id, startsOn: r.edition_starts_on, deliveryMode: r.edition_mode }
        : null,
  }));
}
