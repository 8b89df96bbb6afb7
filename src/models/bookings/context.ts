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

// A listing read to be booked, with what its booking is checked, placed and announced against: the
// client's profile, the provider's calendar and both parties.

/** What a booking is checked and placed against (findBookable with a client). */
export interface BookingContext extends BookingClient {
  /** The provider's calendar, with its closures from the date it was read for on (the requested date, or today). */
  calendar: CalendarWithClosures;
  /** Who the booking's notices name and are sent to, with the provider's cancellation policy. */
  parties: Parties;
}

/** Whose booking a listing is read for, and from which day the provider's closures matter. */
export interface BookingFor {
  clientId: string;
  /** 'YYYY-MM-DD': the requested date, or today. */
  from: string;
}

/** A bookable listing, with the context of a client's booking of it when one was asked for. */
export interface Bookable<Context extends BookingContext | null> {
  listing: BookableListing;
  context: Context;
}

/** The client's profile (left-joined: null without one), the provider's calendar and the parties as JSON. */
type ContextRow = BookingClientRow &
  CalendarColumnsRow & { client_profile: ClientRow['user_id'] | null; parties: PartyRow[] };

/**
 * The one read of a listing that is to be booked: the listing, if it can be booked now (active, published,
 * its provider active), and, for a client's booking of it (`forBooking`), what that booking is checked,
 * placed and announced against in the same statement: the client's profile, the provider's calendar with
 * its closures from `from` on, and both parties. null when the listing cannot be booked now, or for
 * malformed ids. The booking's own statement locks the listing (listings/bookable.ts lockBookable). Each of
 * its two shapes is compiled once (db/knex.ts compiledOnce) and prepared: every booking runs it.
 */
export async function findBookable(id: string, forBooking: null, trx?: Trx): Promise<Bookable<null> | null>;
export async function findBookable(
  id: string,
  forBooking: BookingFor,
  trx?: Trx,
): Promise<Bookable<BookingContext> | null>;
export async function findBookable(
  id: string,
  forBooking: BookingFor | null,
  trx?: Trx,
): Promise<Bookable<BookingContext | null> | null> {
  if (!isUuid(id) || (forBooking && !isUuid(forBooking.clientId))) return null;
  if (!forBooking) {
    const { rows } = await prepared<{ rows: BookableRow[] }>(listingAlone(id), trx);
    return rows[0] ? { listing: toBookable(rows[0]), context: null } : null;
  }
  const { clientId, from } = forBooking;
  const { rows } = await prepared<{ rows: (BookableRow & ContextRow)[] }>(listingWithContext(id, clientId, from), trx);
  const row = rows[0];
  if (!row) return null;
  const listing = toBookable(row);
  return { listing, context: toContext(row, clientId, listing.providerId) };
}

const listingAlone = compiledOnce(1, (id) => bookable().where('s.id', id).first(bookableColumns()));

const listingWithContext = compiledOnce(3, (id, clientId, from) =>
  withContext(bookable().where('s.id', id), clientId).first([
    ...bookableColumns(),
    ...contextColumns(clientId, db().ref('s.provider_id'), from),
  ]),
);

function withContext(query: Knex.QueryBuilder, clientId: string): Knex.QueryBuilder {
  const k = db();
  return query
    .leftJoin({ cp: 'client_profiles' }, (j) => j.on('cp.user_id', '=', k.raw('?::uuid', [clientId])))
    .leftJoin({ c: 'provider_calendars' }, 'c.provider_id', 's.provider_id');
}

function contextColumns(clientId: string, providerId: Knex.Ref<string, object>, from: string) {
  return [
    { client_profile: 'cp.user_id' },
    ...CLIENT_KEYS.map((c) => `cp.${c}`),
    calendarColumns('s.provider_id', from),
    jsonRows(partiesQuery(clientId, providerId), 'parties'),
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
  /** How it receives invoices: an instant booking is confirmed at once and needs it. */
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
