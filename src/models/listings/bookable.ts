import { names, pick } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import { pricingRulesOf, type AdditionalCostRule, type DiscountRule } from '../../lib/pricing.js';
import type { LocationType, PricingUnit, ListingType } from '../../lib/listing-options.js';
import { isUuid } from '../../lib/uuid.js';
import type { Place } from '../bookings/booking.js';
import { cancellationPolicyOf, type CancellationPolicy, type ProviderRow } from '../providers/row.js';
import { LISTING_COLUMNS, requirementsOf, type ListingRow, type Requirement } from './row.js';

// The listing being booked: what the booking wizard prices and places (what it is checked against:
// bookings/context.ts).

/** What the wizard needs of an active service of an active provider: prices, rules, places. */
export interface BookableListing {
  id: string;
  providerId: string;
  providerName: string;
  title: string;
  category: string;
  listingType: ListingType;
  basePriceCents: number;
  pricingUnit: PricingUnit;
  additionalCosts: AdditionalCostRule[];
  discounts: DiscountRule[];
  locationType: LocationType;
  /** Where the service itself says it takes place. */
  listingPlace: Place;
  /** The provider's address (provider_profiles). */
  providerPlace: Place;
  durationHours: number | null;
  maxParticipants: number | null;
  requirements: Requirement[];
  /** The provider's policy, stated before the client confirms. */
  cancellationPolicy: CancellationPolicy;
  /** The mandatory training a course delivers (services.training_kind), null for other services. */
  trainingKind: string | null;
  /** It has course editions (past, open or cancelled): the wizard then books one of them. */
  hasEditions: boolean;
}

const LISTING_KEYS = [
  'id',
  'provider_id',
  'title',
  'category',
  'service_type',
  'base_price',
  'pricing_unit',
  'additional_costs',
  'discounts',
  'location_type',
  'location_address',
  'location_city',
  'location_province',
  'location_postal_code',
  'location_lat',
  'location_lng',
  'duration_hours',
  'max_participants',
  'requirements',
  'training_kind',
] as const;

/**
 * The listing's columns (`s`), its provider's name, address (renamed p_*: the listing has an address of its
 * own) and policy (`p`), and whether the listing has course editions.
 */
export type BookableRow = Pick<ListingRow, (typeof LISTING_KEYS)[number]> &
  Pick<ProviderRow, 'business_name' | 'cancellation_policy'> & {
    p_street: ProviderRow['address_street'];
    p_city: ProviderRow['address_city'];
    p_province: ProviderRow['address_province'];
    p_postal_code: ProviderRow['address_postal_code'];
    p_lat: ProviderRow['address_lat'];
    p_lng: ProviderRow['address_lng'];
    has_editions: boolean;
  };

const BOOKABLE_COLUMNS: (string | Record<string, string>)[] = [
  ...names(pick(LISTING_COLUMNS, LISTING_KEYS), 's'),
  'p.business_name',
  'p.cancellation_policy',
  { p_street: 'p.address_street' },
  { p_city: 'p.address_city' },
  { p_province: 'p.address_province' },
  { p_postal_code: 'p.address_postal_code' },
  { p_lat: 'p.address_lat' },
  { p_lng: 'p.address_lng' },
];

/** The services a provider can be booked for now (the ones it may quote from an inquiry), by title. */
export async function listBookableForProvider(providerId: string, trx?: Trx): Promise<BookableListing[]> {
  if (!isUuid(providerId)) return [];
  const rows = await bookable(trx)
    .where('s.provider_id', providerId)
    .orderBy([{ column: 's.title' }, { column: 's.id' }])
    .select<BookableRow[]>(bookableColumns(trx));
  return rows.map(toBookable);
}

/** BOOKABLE_COLUMNS, and whether the service has editions (answered by their index, in the same read). */
export function bookableColumns(trx?: Trx) {
  return [
    ...BOOKABLE_COLUMNS,
    db(trx).raw('EXISTS (SELECT 1 FROM course_editions e WHERE e.service_id = s.id) AS has_editions'),
  ];
}

/** Active, published services of active providers. */
export function bookable(trx?: Trx) {
  return db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.active': true, 's.status': 'active', 'p.active': true });
}

export function toBookable(row: BookableRow): BookableListing {
  return {
    id: row.id,
    providerId: row.provider_id,
    providerName: row.business_name,
    title: row.title,
    category: row.category,
    listingType: row.service_type,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
    ...pricingRulesOf(row.additional_costs, row.discounts),
    locationType: row.location_type,
    listingPlace: {
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
    requirements: requirementsOf(row.requirements),
    cancellationPolicy: cancellationPolicyOf(row.cancellation_policy),
    trainingKind: row.training_kind ?? null,
    hasEditions: row.has_editions,
  };
}

/**
 * The listing, if it can still be booked, locked FOR SHARE until the statement or transaction that reads
 * it ends: a pause (FOR UPDATE) waits for the booking, or the booking sees the pause. A part of the
 * booking's own statement (bookings/insert.ts insertBooking).
 */
export function lockBookable(listingId: string, trx?: Trx) {
  return bookable(trx).where('s.id', listingId).forShare('s').select('s.id');
}
