import type { Knex } from 'knex';
import { fromJsonRows } from '../db/json-rows.js';
import { db, type Trx } from '../db/knex.js';
import { fromCents, toCents } from '../lib/money.js';
import { isUuid } from '../lib/uuid.js';

/**
 * Course editions (migrations/20261202100000_course_editions.ts): the dates, venue and seats of a training
 * service. Seats change only through edition-seats.repo.ts (take/release); this file writes everything else.
 */

export type EditionStatus = 'scheduled' | 'confirmed' | 'cancelled';
export type DeliveryMode = 'in_person' | 'online_sync';

/** One day of an edition: 'YYYY-MM-DD', 'HH:MM', 'HH:MM'. */
export interface EditionSession {
  date: string;
  start: string;
  end: string;
}

/** What the provider's form writes. */
export interface EditionFields {
  sessions: EditionSession[];
  hours: number;
  deliveryMode: DeliveryMode;
  venueAddress: string | null;
  venueCity: string | null;
  venueProvince: string | null;
  venueLat: number | null;
  venueLng: number | null;
  seats: number;
  minParticipants: number;
  bookingDeadline: Date;
  /** Net of VAT; null: the service's base price. */
  priceCents: number | null;
}

export interface CourseEdition extends EditionFields {
  id: string;
  listingId: string;
  providerId: string;
  status: EditionStatus;
  startsOn: string;
  endsOn: string;
  seatsTaken: number;
  seatsHeld: number;
  cancelledReason: string | null;
}

const COLUMNS = [
  'id',
  'service_id',
  'provider_id',
  'status',
  'sessions',
  'starts_on',
  'ends_on',
  'hours',
  'delivery_mode',
  'venue_address',
  'venue_city',
  'venue_province',
  'venue_lat',
  'venue_lng',
  'seats',
  'min_participants',
  'seats_taken',
  'seats_held',
  'booking_deadline',
  'price',
  'cancelled_reason',
].map((c) => `e.${c}`);

interface EditionRow {
  id: string;
  service_id: string;
  provider_id: string;
  status: EditionStatus;
  sessions: unknown;
  starts_on: string;
  ends_on: string;
  hours: string;
  delivery_mode: DeliveryMode;
  venue_address: string | null;
  venue_city: string | null;
  venue_province: string | null;
  venue_lat: number | null;
  venue_lng: number | null;
  seats: number;
  min_participants: number;
  seats_taken: number;
  seats_held: number;
  booking_deadline: Date;
  price: string | null;
  cancelled_reason: string | null;
}

function toSessions(value: unknown): EditionSession[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((s: unknown) => {
    const { date, start, end } = (s ?? {}) as Record<string, unknown>;
    return typeof date === 'string' && typeof start === 'string' && typeof end === 'string'
      ? [{ date, start, end }]
      : [];
  });
}

function toEdition(r: EditionRow): CourseEdition {
  return {
    id: r.id,
    listingId: r.service_id,
    providerId: r.provider_id,
    status: r.status,
    sessions: toSessions(r.sessions),
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    hours: Number(r.hours),
    deliveryMode: r.delivery_mode,
    venueAddress: r.venue_address,
    venueCity: r.venue_city,
    venueProvince: r.venue_province,
    venueLat: r.venue_lat,
    venueLng: r.venue_lng,
    seats: r.seats,
    minParticipants: r.min_participants,
    seatsTaken: r.seats_taken,
    seatsHeld: r.seats_held,
    bookingDeadline: r.booking_deadline,
    priceCents: r.price === null ? null : toCents(r.price),
    cancelledReason: r.cancelled_reason,
  };
}

function toRow(f: EditionFields): Record<string, unknown> {
  const days = f.sessions.map((s) => s.date).sort();
  return {
    sessions: JSON.stringify(f.sessions),
    starts_on: days[0],
    ends_on: days[days.length - 1],
    hours: f.hours,
    delivery_mode: f.deliveryMode,
    venue_address: f.venueAddress,
    venue_city: f.venueCity,
    venue_province: f.venueProvince,
    venue_lat: f.venueLat,
    venue_lng: f.venueLng,
    seats: f.seats,
    min_participants: f.minParticipants,
    booking_deadline: f.bookingDeadline,
    price: f.priceCents === null ? null : fromCents(f.priceCents),
  };
}

const editions = (trx?: Trx) => db(trx)({ e: 'course_editions' });

export async function insertEdition(
  listingId: string,
  providerId: string,
  fields: EditionFields,
  trx?: Trx,
): Promise<string> {
  const [row] = await db(trx)('course_editions')
    .insert({ ...toRow(fields), service_id: listingId, provider_id: providerId })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export async function updateEdition(id: string, fields: EditionFields, trx: Trx): Promise<void> {
  await db(trx)('course_editions')
    .where({ id })
    .update({ ...toRow(fields), updated_at: db(trx).fn.now() });
}

/** The provider's own edition, its row locked for the change that follows; null for anyone else's. */
export async function lockOwnEdition(id: string, providerId: string, trx: Trx): Promise<CourseEdition | null> {
  if (!isUuid(id)) return null;
  const row = await editions(trx)
    .first<EditionRow | undefined>(COLUMNS)
    .where({ 'e.id': id, 'e.provider_id': providerId })
    .forNoKeyUpdate('e');
  return row ? toEdition(row) : null;
}

export async function findOwnEdition(id: string, providerId: string): Promise<CourseEdition | null> {
  if (!isUuid(id)) return null;
  const row = await editions()
    .first<EditionRow | undefined>(COLUMNS)
    .where({ 'e.id': id, 'e.provider_id': providerId });
  return row ? toEdition(row) : null;
}

/** Every edition of a service, the soonest first. */
export async function listForListing(listingId: string): Promise<CourseEdition[]> {
  const rows = await editions()
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

/** The query of listUpcoming, not yet sent: a statement that reads more can carry it (jsonRows). */
export function upcomingQuery(listingId: string, now: Date, limit: number, trx?: Trx): Knex.QueryBuilder {
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
  return fromJsonRows<EditionRow>(rows, ['booking_deadline']).map(toEdition);
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
    .first<(EditionRow & { service_title: string; business_name: string }) | undefined>([
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

/** The training columns of a service (training_kind, training_scope). */
export interface TrainingRow {
  training_kind: string | null;
  training_scope: string | null;
}

/** Which training a service gives (its kind, and whether initial or refresher); null for other services. */
export function trainingOf(row: TrainingRow | undefined): { kind: string; scope: string } | null {
  return row?.training_kind ? { kind: row.training_kind, scope: row.training_scope ?? 'iniziale' } : null;
}

export interface NextEdition {
  listingId: string;
  editionId: string;
  startsOn: string;
  seatsLeft: number;
}

/**
 * For each of the services, the next edition a client can still book (open, before its deadline, a seat
 * left): one query for a whole page of search results.
 */
export async function nextOpenEditions(listingIds: readonly string[], now: Date): Promise<NextEdition[]> {
  const ids = listingIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await editions()
    .distinctOn('e.service_id')
    .select<{ service_id: string; id: string; starts_on: string; seats_left: number }[]>(
      'e.service_id',
      'e.id',
      'e.starts_on',
      db().raw('e.seats - e.seats_taken - e.seats_held AS seats_left'),
    )
    .whereIn('e.service_id', ids)
    .whereNot('e.status', 'cancelled')
    .where('e.booking_deadline', '>', now)
    .whereRaw('e.seats_taken + e.seats_held < e.seats')
    .orderBy([{ column: 'e.service_id' }, { column: 'e.starts_on' }, { column: 'e.booking_deadline' }]);
  return rows.map((r) => ({
    listingId: r.service_id,
    editionId: r.id,
    startsOn: r.starts_on,
    seatsLeft: Number(r.seats_left),
  }));
}
