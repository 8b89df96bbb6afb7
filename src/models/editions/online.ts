import { db, type Trx } from '../../db/knex.js';
import { whereVisible } from '../listings/public.js';

// The upcoming online synchronous editions (live virtual classrooms) of the public catalogue: /webinars.

export interface OnlineEdition {
  editionId: string;
  listingId: string;
  listingTitle: string;
  providerName: string;
  startsOn: string;
  endsOn: string;
  hours: number;
  seatsLeft: number;
}

/** Editions by videoconference still open for booking (before their deadline, not cancelled), soonest first. */
export async function listUpcomingOnline(now: Date, limit: number, trx?: Trx): Promise<OnlineEdition[]> {
  const q = db(trx)({ e: 'course_editions' })
    .join({ s: 'services' }, 's.id', 'e.service_id')
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id');
  whereVisible(q);
  const rows = (await q
    .where('e.delivery_mode', 'online_sync')
    .whereNot('e.status', 'cancelled')
    .where('e.booking_deadline', '>', now)
    .select(
      'e.id as edition_id',
      's.id as listing_id',
      's.title as listing_title',
      'p.business_name as provider_name',
      db(trx).raw(`to_char(e.starts_on, 'YYYY-MM-DD') AS starts_on`),
      db(trx).raw(`to_char(e.ends_on, 'YYYY-MM-DD') AS ends_on`),
      'e.hours',
      db(trx).raw('(e.seats - e.seats_taken)::int AS seats_left'),
    )
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.id' }])
    .limit(limit)) as {
    edition_id: string;
    listing_id: string;
    listing_title: string;
    provider_name: string;
    starts_on: string;
    ends_on: string;
    hours: number | string;
    seats_left: number;
  }[];
  return rows.map((r) => ({
    editionId: r.edition_id,
    listingId: r.listing_id,
    listingTitle: r.listing_title,
    providerName: r.provider_name,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    hours: Number(r.hours),
    seatsLeft: r.seats_left,
  }));
}
