import type { Knex } from 'knex';
import { names } from '../../db/columns.js';
import { fromJsonRows } from '../../db/json-rows.js';
import { compiledByShape, db, prepared, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import type { ListingRow } from '../listings/row.js';
import type { ProviderRow } from '../providers/row.js';
import { EDITION_COLUMNS, toEdition, type CourseEdition, type EditionRow } from './row.js';
import type { DeliveryMode } from './row.js';

// Reading course editions: the provider's own, a listing's upcoming ones, a public one, the next open
// edition of each search result (under lock for the waitlist and the decisions: state.ts).

const COLUMNS = names(EDITION_COLUMNS, 'e');

const editions = (trx?: Trx) => db(trx)({ e: 'course_editions' });

/** Whose editions a provider's member sees: the provider's; a trainer's, only those assigned to them. */
export interface EditionOwner {
  providerId: string;
  /** The trainer's person id (users.id); null: all of the provider's. */
  assignedTo: string | null;
}

/** The one visibility rule of a provider's own editions (`e`): its agenda, an edition to read or change. */
export function ownedEditions(q: Knex.QueryBuilder, owner: EditionOwner): Knex.QueryBuilder {
  q.where('e.provider_id', owner.providerId);
  return owner.assignedTo ? q.where('e.trainer_member_id', owner.assignedTo) : q;
}

/** A provider's id is the owner seeing all of its editions. */
const ownerOf = (owner: string | EditionOwner): EditionOwner =>
  typeof owner === 'string' ? { providerId: owner, assignedTo: null } : owner;

/** The provider's own edition, its row locked for the change that follows; null for anyone else's. */
export async function lockOwnEdition(
  id: string,
  owner: string | EditionOwner,
  trx: Trx,
): Promise<CourseEdition | null> {
  if (!isUuid(id)) return null;
  const row = await ownedEditions(editions(trx).where('e.id', id), ownerOf(owner))
    .first<EditionRow | undefined>(COLUMNS)
    .forNoKeyUpdate('e');
  return row ? toEdition(row) : null;
}

export async function findOwnEdition(
  id: string,
  owner: string | EditionOwner,
  trx?: Trx,
): Promise<CourseEdition | null> {
  if (!isUuid(id)) return null;
  const q = ownedEditions(editions(trx).where('e.id', id), ownerOf(owner));
  const row = await q.first<EditionRow | undefined>(COLUMNS);
  return row ? toEdition(row) : null;
}

/** Every edition of a provider's service its member sees, the soonest first. */
export async function listForListing(listingId: string, owner: string | EditionOwner): Promise<CourseEdition[]> {
  const rows = await ownedEditions(editions(), ownerOf(owner))
    .select<EditionRow[]>(COLUMNS)
    .where('e.service_id', listingId)
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.created_at' }]);
  return rows.map(toEdition);
}

/** The editions still open for booking (not cancelled, before their deadline), the soonest first. */
export async function listUpcoming(listingId: string, now: Date, limit = 20): Promise<CourseEdition[]> {
  const rows = (await upcomingQuery(listingId, now, limit)) as EditionRow[];
  return rows.map(toEdition);
}

/**
 * The query of listUpcoming, not yet sent: a statement that reads more can carry it (jsonRows). `now` is an
 * instant, or the parameter of a statement compiled once (listings/public.ts).
 */
export function upcomingQuery(listingId: string, now: Date | string, limit: number, trx?: Trx): Knex.QueryBuilder {
  return editions(trx)
    .select(COLUMNS)
    .where('e.service_id', listingId)
    .whereNot('e.status', 'cancelled')
    .where('e.booking_deadline', '>', now)
    .orderBy([{ column: 'e.starts_on' }, { column: 'e.booking_deadline' }])
    .limit(limit);
}

/** Editions carried as JSON by a larger statement (jsonRows of upcomingQuery). */
export function editionsFromJson(rows: readonly Record<string, unknown>[] | null): CourseEdition[] {
  return fromJsonRows(rows, EDITION_COLUMNS).map(toEdition);
}

export interface PublicEdition extends CourseEdition {
  listingTitle: string;
  providerName: string;
}

/** One edition of a published service of an active provider, with their names; null otherwise. */
export async function findPublicEdition(id: string): Promise<PublicEdition | null> {
  if (!isUuid(id)) return null;
  const row = await editions()
    .join({ s: 'services' }, 's.id', 'e.service_id')
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .first<(EditionRow & { service_title: ListingRow['title'] } & Pick<ProviderRow, 'business_name'>) | undefined>([
      ...COLUMNS,
      's.title as service_title',
      'p.business_name',
    ])
    .where({ 'e.id': id, 's.status': 'active', 's.active': true, 'p.active': true });
  return row ? { ...toEdition(row), listingTitle: row.service_title, providerName: row.business_name } : null;
}

/** Whether some booking of the edition still holds seats (its sessions can no longer change). */
export async function hasLiveBookings(id: string, trx?: Trx): Promise<boolean> {
  const row = await db(trx)('bookings').first('id').where({ edition_id: id }).whereNot({ status: 'cancelled' });
  return row !== undefined;
}

export interface NextEdition {
  listingId: string;
  editionId: string;
  startsOn: string;
  seatsLeft: number;
  /** A live videoconference (when only those were asked for). */
  online?: true;
  deliveryMode: DeliveryMode;
  /** Where a course in presence is held (null online). */
  venueCity: string | null;
}

/**
 * For each of the services, the next edition a client can still book (open, before its deadline, a seat
 * left): one query for a whole page of search results.
 */
export async function nextOpenEditions(
  listingIds: readonly string[],
  now: Date,
  onlineOnly = false,
): Promise<NextEdition[]> {
  const ids = listingIds.filter(isUuid);
  if (ids.length === 0) return [];
  const { rows } = await prepared<{
    rows: (Pick<EditionRow, 'service_id' | 'id' | 'starts_on' | 'delivery_mode' | 'venue_city'> & {
      seats_left: number;
    })[];
  }>(nextOpenStatement({ onlineOnly }, { ids, now }));
  return rows.map((r) => ({
    listingId: r.service_id,
    editionId: r.id,
    startsOn: r.starts_on,
    seatsLeft: Number(r.seats_left),
    ...(onlineOnly ? { online: true as const } : {}),
    deliveryMode: r.delivery_mode,
    venueCity: r.delivery_mode === 'in_person' ? r.venue_city : null,
  }));
}

/** Every page of search results runs it: its ids are one array, so its text is the same for any page. */
const nextOpenStatement = compiledByShape<{ onlineOnly: boolean }, 'ids' | 'now'>(({ onlineOnly }, param) => {
  const q = editions();
  if (onlineOnly) q.where('e.delivery_mode', 'online_sync');
  return q
    .distinctOn('e.service_id')
    .select(
      'e.service_id',
      'e.id',
      'e.starts_on',
      'e.delivery_mode',
      'e.venue_city',
      db().raw('e.seats - e.seats_taken - e.seats_held AS seats_left'),
    )
    .whereRaw('e.service_id = ANY(?::uuid[])', [param('ids')])
    .whereNot('e.status', 'cancelled')
    .where('e.booking_deadline', '>', param('now'))
    .whereRaw('e.seats_taken + e.seats_held < e.seats')
    .orderBy([{ column: 'e.service_id' }, { column: 'e.starts_on' }, { column: 'e.booking_deadline' }]);
});
