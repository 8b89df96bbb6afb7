import { db, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';
import { pricingRulesOf, type AdditionalCostRule, type DiscountRule } from '../lib/pricing.js';
import type { LocationType, PricingUnit, ServiceType } from '../lib/service-options.js';
import { isUuid } from '../lib/uuid.js';
import type { Place } from './booking-record.js';
import { partiesQuery, toParties, type Parties, type PartyRow } from './booking-parties.repo.js';
import {
  calendarColumns,
  toCalendarWithClosures,
  type CalendarColumnsRow,
  type CalendarWithClosures,
} from './provider-calendars.repo.js';
import {
  CLIENT_INVOICING_COLUMNS,
  toClientInvoicing,
  type ClientInvoicing,
  type ClientInvoicingRow,
} from './invoicing.repo.js';
import {
  cancellationPolicyOf,
  type CancellationPolicy,
  type CancellationPolicyJson,
} from './provider-profile-record.js';

// The service being booked, and the client's own site and invoicing: what the booking wizard prices and places.

/** What the wizard needs of an active service of an active provider: prices, rules, places. */
export interface BookableService {
  id: string;
  providerId: string;
  providerName: string;
  title: string;
  category: string;
  serviceType: ServiceType;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  additionalCosts: AdditionalCostRule[];
  discounts: DiscountRule[];
  locationType: LocationType;
  /** Where the service itself says it takes place. */
  servicePlace: Place;
  /** The provider's address (provider_profiles). */
  providerPlace: Place;
  durationHours: number | null;
  maxParticipants: number | null;
  requirements: { name: string; mandatory: boolean; description: string | null }[];
  /** The provider's policy, stated before the client confirms. */
  cancellationPolicy: CancellationPolicy;
  /** The mandatory training a course delivers (services.training_kind), null for other services. */
  trainingKind: string | null;
  /** It has course editions (past, open or cancelled): the wizard then books one of them. */
  hasEditions: boolean;
}

function toRequirements(value: unknown): BookableService['requirements'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r: unknown) => {
    const { name, mandatory, description } = (r ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [
      {
        name: name.trim(),
        mandatory: mandatory === true,
        description: typeof description === 'string' && description.trim() ? description : null,
      },
    ];
  });
}

interface BookableRow {
  id: string;
  provider_id: string;
  business_name: string;
  title: string;
  category: string;
  service_type: BookableService['serviceType'];
  base_price: string;
  pricing_unit: BookableService['pricingUnit'];
  additional_costs: unknown;
  discounts: unknown;
  location_type: LocationType;
  location_address: string | null;
  location_city: string | null;
  location_province: string | null;
  location_postal_code: string | null;
  location_lat: number | null;
  location_lng: number | null;
  p_street: string | null;
  p_city: string | null;
  p_province: string | null;
  p_postal_code: string | null;
  p_lat: number | null;
  p_lng: number | null;
  duration_hours: number | null;
  max_participants: number | null;
  requirements: unknown;
  cancellation_policy: CancellationPolicyJson | null;
  training_kind: string | null;
  has_editions: boolean;
}

const BOOKABLE_COLUMNS: (string | Record<string, string>)[] = [
  's.id',
  's.provider_id',
  'p.business_name',
  's.title',
  's.category',
  's.service_type',
  's.base_price',
  's.pricing_unit',
  's.additional_costs',
  's.discounts',
  's.location_type',
  's.location_address',
  's.location_city',
  's.location_province',
  's.location_postal_code',
  's.location_lat',
  's.location_lng',
  { p_street: 'p.address_street' },
  { p_city: 'p.address_city' },
  { p_province: 'p.address_province' },
  { p_postal_code: 'p.address_postal_code' },
  { p_lat: 'p.address_lat' },
  { p_lng: 'p.address_lng' },
  's.duration_hours',
  's.max_participants',
  's.requirements',
  'p.cancellation_policy',
  's.training_kind',
];

/** A service that can be booked now (active, published, provider active); null otherwise or for malformed ids. */
export async function findBookableService(id: string, trx?: Trx): Promise<BookableService | null> {
  if (!isUuid(id)) return null;
  const row = await bookable(trx).where('s.id', id).first<BookableRow | undefined>(bookableColumns(trx));
  return row ? toBookable(row) : null;
}

/** The services a provider can be booked for now (the ones it may quote from an inquiry), by title. */
export async function listBookableForProvider(providerId: string, trx?: Trx): Promise<BookableService[]> {
  if (!isUuid(providerId)) return [];
  const rows = await bookable(trx)
    .where('s.provider_id', providerId)
    .orderBy([{ column: 's.title' }, { column: 's.id' }])
    .select<BookableRow[]>(bookableColumns(trx));
  return rows.map(toBookable);
}

/** What a booking is checked and placed against, read under the service's lock (lockForBooking). */
export interface BookingLock extends BookingClient {
  /** The provider's calendar, with closures from the requested date on. */
  calendar: CalendarWithClosures;
  /** Who the booking's notices name and are sent to, with the provider's cancellation policy. */
  parties: Parties;
}

type LockRow = BookingClientRow & CalendarColumnsRow & { client_profile: string | null; parties: PartyRow[] | null };

/**
 * Whether the service can still be booked, read with its row locked FOR SHARE for the rest of the
 * booking's transaction (a pause, which locks the row FOR UPDATE, waits for the booking, or the booking
 * sees the pause; null then), and in the same statement the client's profile, the provider's calendar
 * with the closures from `from` on and the two parties: one round trip where there were four.
 */
export async function lockForBooking(
  service: Pick<BookableService, 'id' | 'providerId'>,
  clientId: string,
  from: string,
  trx: Trx,
): Promise<BookingLock | null> {
  const { id, providerId } = service;
  if (!isUuid(id) || !isUuid(clientId)) return null;
  const row = await bookable(trx)
    .leftJoin({ cp: 'client_profiles' }, (j) => j.on('cp.user_id', '=', db(trx).raw('?::uuid', [clientId])))
    .leftJoin({ c: 'provider_calendars' }, 'c.provider_id', 's.provider_id')
    .where('s.id', id)
    .forShare('s')
    .first<LockRow | undefined>([
      { client_profile: 'cp.user_id' },
      ...CLIENT_COLUMNS.map((c) => `cp.${c}`),
      calendarColumns('s.provider_id', from, trx),
      db(trx).raw('(SELECT json_agg(t) FROM (?) AS t) AS parties', [partiesQuery(clientId, providerId, trx)]),
    ]);
  if (!row) return null;
  return {
    ...toBookingClient(row.client_profile ? row : undefined),
    calendar: toCalendarWithClosures(row),
    parties: toParties(row.parties ?? [], clientId, providerId),
  };
}

/** BOOKABLE_COLUMNS, and whether the service has editions (answered by their index, in the same read). */
function bookableColumns(trx?: Trx) {
  return [
    ...BOOKABLE_COLUMNS,
    db(trx).raw('EXISTS (SELECT 1 FROM course_editions e WHERE e.service_id = s.id) AS has_editions'),
  ];
}

/** Active, published services of active providers. */
function bookable(trx?: Trx) {
  return db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.active': true, 's.status': 'active', 'p.active': true });
}

function toBookable(row: BookableRow): BookableService {
  return {
    id: row.id,
    providerId: row.provider_id,
    providerName: row.business_name,
    title: row.title,
    category: row.category,
    serviceType: row.service_type,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
    ...pricingRulesOf(row.additional_costs, row.discounts),
    locationType: row.location_type,
    servicePlace: {
      address: row.location_address,
      city: row.location_city,
      province: row.location_province,
      postalCode: row.location_postal_code,
      lat: row.location_lat,
      lng: row.location_lng,
    },
    providerPlace: {
      address: row.p_street,
      city: row.p_city,
      province: row.p_province,
      postalCode: row.p_postal_code,
      lat: row.p_lat,
      lng: row.p_lng,
    },
    durationHours: row.duration_hours,
    maxParticipants: row.max_participants,
    requirements: toRequirements(row.requirements),
    cancellationPolicy: cancellationPolicyOf(row.cancellation_policy),
    trainingKind: row.training_kind ?? null,
    hasEditions: row.has_editions,
  };
}

/** What a booking needs of the client who makes it. */
export interface BookingClient {
  /** The legal address (client_profiles), where on-site services take place; null without a profile. */
  site: Place | null;
  /** How it receives invoices: an instant booking is confirmed at once and needs it (issue 12). */
  invoicing: ClientInvoicing;
}

type BookingClientRow = ClientInvoicingRow & {
  address_street: string | null;
  address_city: string | null;
  address_province: string | null;
  address_postal_code: string | null;
};

const CLIENT_COLUMNS = [
  'address_street',
  'address_city',
  'address_province',
  'address_postal_code',
  ...CLIENT_INVOICING_COLUMNS,
];

/** The client's address and invoicing data, in one read of its profile. */
export async function findBookingClient(clientId: string, trx?: Trx): Promise<BookingClient> {
  const row = await db(trx)('client_profiles')
    .where({ user_id: clientId })
    .first<BookingClientRow | undefined>(CLIENT_COLUMNS);
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
