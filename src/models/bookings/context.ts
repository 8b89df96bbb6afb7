import type { Knex } from 'knex';
import { jsonRows } from '../../db/json-rows.js';
import { compiledOnce, db, prepared, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import { INVOICING_KEYS, toClientInvoicing, type ClientInvoicing, type ClientRow } from '../clients/row.js';
import { bookable, bookableColumns, toBookable, type BookableListing, type BookableRow } from '../listings/bookable.js';
import {
  calendarColumns,
  toCalendarWithClosures,
  type CalendarColumnsRow,
  type CalendarWithClosures,
} from '../providers/calendars.js';
import type { Place } from './booking.js';
import { partiesQuery, toParties, type Parties, type PartyRow } from './parties.js';

// What booking a service is checked, placed and announced against: the client's profile, the provider's
// calendar and both parties; and the lock the booking's own statement takes on the service.

/** What a booking is checked and placed against (findBookingContext). */
export interface BookingContext extends BookingClient {
  /** The provider's calendar, with its closures from the date it was read for on (the requested date, or today). */
  calendar: CalendarWithClosures;
  /** Who the booking's notices name and are sent to, with the provider's cancellation policy. */
  parties: Parties;
}

/** The client's profile (left-joined: null without one), the provider's calendar and the parties as JSON. */
type ContextRow = BookingClientRow &
  CalendarColumnsRow & { client_profile: ClientRow['user_id'] | null; parties: PartyRow[] };

/**
 * What a booking of the service is checked and placed against, in one statement: the client's profile, the
 * provider's calendar with the closures from `from` on and the two parties. null when the service can no
 * longer be booked. The booking's own statement locks the service (lockBookable).
 */
export async function findBookingContext(
  listing: Pick<BookableListing, 'id' | 'providerId'>,
  clientId: string,
  from: string,
  trx?: Trx,
): Promise<BookingContext | null> {
  const { id, providerId } = listing;
  if (!isUuid(id) || !isUuid(clientId)) return null;
  const query = withContext(bookable(trx).where('s.id', id), clientId, trx);
  const row = await prepared(query, 'booking-context').first<ContextRow | undefined>(
    contextColumns(clientId, providerId, from, trx),
  );
  return row ? toContext(row, clientId, providerId) : null;
}

/**
 * The service (findBookableService) with what its booking is checked against (findBookingContext), in one
 * statement: the wizard's final submit reads both at once. null when the service cannot be booked now.
 * Compiled once (db/knex.ts compiledOnce) and prepared: every booking runs it.
 */
export async function findBookableWithContext(
  id: string,
  clientId: string,
  from: string,
  trx?: Trx,
): Promise<{ listing: BookableListing; context: BookingContext } | null> {
  if (!isUuid(id) || !isUuid(clientId)) return null;
  const { sql, bindings } = bookableWithContext(id, clientId, from);
  const { rows } = await prepared(
    db(trx).raw<{ rows: (BookableRow & ContextRow)[] }>(sql, bindings as Knex.RawBinding[]),
    'bookable-with-context',
  );
  const row = rows[0];
  if (!row) return null;
  const listing = toBookable(row);
  return { listing, context: toContext(row, clientId, listing.providerId) };
}

const bookableWithContext = compiledOnce(3, (id, clientId, from) =>
  withContext(bookable().where('s.id', id), clientId).first([
    ...bookableColumns(),
    ...contextColumns(clientId, db().ref('s.provider_id'), from),
  ]),
);

function withContext(query: Knex.QueryBuilder, clientId: string, trx?: Trx): Knex.QueryBuilder {
  const k = db(trx);
  return query
    .leftJoin({ cp: 'client_profiles' }, (j) => j.on('cp.user_id', '=', k.raw('?::uuid', [clientId])))
    .leftJoin({ c: 'provider_calendars' }, 'c.provider_id', 's.provider_id');
}

function contextColumns(clientId: string, providerId: string | Knex.Ref<string, object>, from: string, trx?: Trx) {
  return [
    { client_profile: 'cp.user_id' },
    ...CLIENT_KEYS.map((c) => `cp.${c}`),
    calendarColumns('s.provider_id', from, trx),
    jsonRows(partiesQuery(clientId, providerId, trx), 'parties', trx),
  ];
}

function toContext(row: ContextRow, clientId: string, providerId: string): BookingContext {
  return {
    ...toBookingClient(row.client_profile ? row : undefined),
    calendar: toCalendarWithClosures(row),
    parties: toParties(row.parties, clientId, providerId),
  };
}

/** What a booking needs of the client who makes it. */
export interface BookingClient {
  /** The legal address (client_profiles), where on-site services take place; null without a profile. */
  site: Place | null;
  /** How it receives invoices: an instant booking is confirmed at once and needs it (issue 12). */
  invoicing: ClientInvoicing;
}

const CLIENT_KEYS = [
  'address_street',
  'address_city',
  'address_province',
  'address_postal_code',
  ...INVOICING_KEYS,
] as const;

type BookingClientRow = Pick<ClientRow, (typeof CLIENT_KEYS)[number]>;

/** The client's address and invoicing data, in one read of its profile. */
export async function findBookingClient(clientId: string, trx?: Trx): Promise<BookingClient> {
  const row = await db(trx)('client_profiles')
    .where({ user_id: clientId })
    .first<BookingClientRow | undefined>(CLIENT_KEYS);
  return toBookingClient(row);
}

function toBookingClient(row: BookingClientRow | undefined): BookingClient {
  return {
    site: row
      ? {
          address: row.address_street,
          city: row.address_city,
          province: row.address_province,
          postalCode: row.address_postal_code,
          lat: null,
          lng: null,
        }
      : null,
    invoicing: toClientInvoicing(row),
  };
}
