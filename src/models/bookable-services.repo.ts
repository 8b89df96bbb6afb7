import { db, prepared, type Trx } from '../db/knex.js';
import { toCents } from '../lib/money.js';
import { pricingRulesOf, type AdditionalCostRule, type DiscountRule } from '../lib/pricing.js';
import type { LocationType, PricingUnit, ListingType } from '../lib/listing-options.js';
import { isUuid } from '../lib/uuid.js';
import type { Place } from './booking-record.js';
import {
  cancellationPolicyOf,
  type CancellationPolicy,
  type CancellationPolicyJson,
} from './provider-profile-record.js';

// The service being booked: what the booking wizard prices and places (what it is checked against: booking-context.repo).

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
  requirements: { name: string; mandatory: boolean; description: string | null }[];
  /** The provider's policy, stated before the client confirms. */
  cancellationPolicy: CancellationPolicy;
  /** The mandatory training a course delivers (services.training_kind), null for other services. */
  trainingKind: string | null;
  /** It has course editions (past, open or cancelled): the wizard then books one of them. */
  hasEditions: boolean;
}

function toRequirements(value: unknown): BookableListing['requirements'] {
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

export interface BookableRow {
  id: string;
  provider_id: string;
  business_name: string;
  title: string;
  category: string;
  service_type: BookableListing['listingType'];
  base_price: string;
  pricing_unit: BookableListing['pricingUnit'];
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
export async function findBookableListing(id: string, trx?: Trx): Promise<BookableListing | null> {
  if (!isUuid(id)) return null;
  const row = await prepared(bookable(trx).where('s.id', id), 'bookable-service').first<BookableRow | undefined>(
    bookableColumns(trx),
  );
  return row ? toBookable(row) : null;
}

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
    requirements: toRequirements(row.requirements),
    cancellationPolicy: cancellationPolicyOf(row.cancellation_policy),
    trainingKind: row.training_kind ?? null,
    hasEditions: row.has_editions,
  };
}
