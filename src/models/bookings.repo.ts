import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import type { UserType } from '../lib/current-user.js';
import { toCents } from '../lib/money.js';
import type { LocationType, PricingUnit, ServiceType } from '../lib/service-options.js';
import { cancellationPolicyOf, type CancellationPolicyJson } from './profiles.repo.js';
import { isUuid } from '../lib/uuid.js';

/** SPEC §4. draft is never shown to the provider: it was never sent. */
export const BOOKING_STATUSES = ['draft', 'pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The tabs of /bookings (SPEC §2) besides "all". */
export const LIST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export function isListStatus(value: unknown): value is ListStatus {
  return typeof value === 'string' && (LIST_STATUSES as readonly string[]).includes(value);
}

/** Who is looking: a client sees the bookings it made, a provider the bookings of its services. */
export interface BookingViewer {
  id: string;
  userType: UserType;
}

/**
 * One booking as the cards of /bookings and of the dashboard show it (SPEC §2): the counterpart is the
 * provider's business name for a client, the client's company name for a provider (null: shown "N/A").
 */
export interface BookingCard {
  id: string;
  bookingNumber: string;
  serviceTitle: string;
  status: BookingStatus;
  /** 'YYYY-MM-DD' */
  requestedDate: string;
  /** 'HH:MM:SS' */
  requestedTime: string;
  participantsCount: number;
  totalAmountCents: number;
  counterpartName: string | null;
}

interface CardRow {
  id: string;
  booking_number: string;
  service_title: string;
  status: BookingStatus;
  requested_date: string;
  requested_time: string;
  participants_count: number;
  total_amount: string;
  counterpart_name: string | null;
}

const toCard = (row: CardRow): BookingCard => ({
  id: row.id,
  bookingNumber: row.booking_number,
  serviceTitle: row.service_title,
  status: row.status,
  requestedDate: row.requested_date,
  requestedTime: row.requested_time,
  participantsCount: row.participants_count,
  totalAmountCents: toCents(row.total_amount),
  counterpartName: row.counterpart_name,
});

/**
 * The viewer's own bookings (`b`): by client_id or provider_id; a provider never sees a client's drafts.
 * The one visibility rule of bookings: lists, counts, the detail page and the dashboard figures use it.
 */
export function ownedBy(q: Knex.QueryBuilder, viewer: BookingViewer): Knex.QueryBuilder {
  if (viewer.userType === 'provider') return q.where('b.provider_id', viewer.id).whereNot('b.status', 'draft');
  return q.where('b.client_id', viewer.id);
}

/** The viewer's bookings as cards, newest first; optionally one status only, at most `limit`, from `offset`. */
export async function listForUser(
  viewer: BookingViewer,
  options: { status?: ListStatus; limit?: number; offset?: number } = {},
  trx?: Trx,
): Promise<BookingCard[]> {
  const k = db(trx);
  const q = k({ b: 'bookings' });
  if (viewer.userType === 'provider') {
    q.leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
      .leftJoin({ cu: 'users' }, 'cu.id', 'b.client_id')
      .select(k.raw('coalesce(cp.company_name, cu.company_name) AS counterpart_name'));
  } else {
    q.leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'b.provider_id').select({ counterpart_name: 'pp.business_name' });
  }
  ownedBy(q, viewer)
    .select(
      'b.id',
      'b.booking_number',
      'b.service_title',
      'b.status',
      'b.requested_date',
      'b.requested_time',
      'b.participants_count',
      'b.total_amount',
    )
    .orderBy([
      { column: 'b.created_at', order: 'desc' },
      { column: 'b.id', order: 'desc' },
    ]);
  if (options.status) q.where('b.status', options.status);
  if (options.limit !== undefined) q.limit(options.limit);
  if (options.offset) q.offset(options.offset);
  const rows = (await q) as CardRow[];
  return rows.map(toCard);
}

/** How many of the viewer's bookings are in each status, and in all (the tabs of /bookings). */
export type BookingCounts = Record<BookingStatus | 'all', number>;

export async function countByStatusForUser(viewer: BookingViewer, trx?: Trx): Promise<BookingCounts> {
  const q = db(trx)({ b: 'bookings' });
  const rows = (await ownedBy(q, viewer).select('b.status').count({ count: '*' }).groupBy('b.status')) as {
    status: BookingStatus;
    count: number | string;
  }[];
  const counts = Object.fromEntries([...BOOKING_STATUSES, 'all'].map((s) => [s, 0])) as BookingCounts;
  for (const row of rows) {
    counts[row.status] = Number(row.count);
    counts.all += Number(row.count);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------------------
// The service being booked
// ---------------------------------------------------------------------------------------------------------

export type ServiceLocationType = LocationType;
export type BookingLocationType = 'client_site' | 'provider_site' | 'remote';

export interface Place {
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  lat: number | null;
  lng: number | null;
}

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
  additionalCosts: { name: string; type: 'fixed' | 'percentage'; amount: number; description?: string }[];
  discounts: { type: 'fixed' | 'percentage'; value: number }[];
  locationType: ServiceLocationType;
  /** Where the service itself says it takes place. */
  servicePlace: Place;
  /** The provider's address (provider_profiles). */
  providerPlace: Place;
  durationHours: number | null;
  maxParticipants: number | null;
  requirements: { name: string; mandatory: boolean; description: string | null }[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Pricing rules are jsonb written by forms: keep only well-formed entries. */
function toAdditionalCosts(value: unknown): BookableService['additionalCosts'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) => {
    const { name, type, amount, description } = (c ?? {}) as Record<string, unknown>;
    const n = typeof amount === 'string' ? Number(amount) : amount;
    if (typeof name !== 'string' || !name.trim() || (type !== 'fixed' && type !== 'percentage') || !finite(n) || n < 0) return [];
    return [{ name, type, amount: n, ...(typeof description === 'string' && description.trim() ? { description } : {}) }];
  });
}

function toDiscounts(value: unknown): BookableService['discounts'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((d: unknown) => {
    const { type, value: v } = (d ?? {}) as Record<string, unknown>;
    const n = typeof v === 'string' ? Number(v) : v;
    if ((type !== 'fixed' && type !== 'percentage') || !finite(n) || n < 0) return [];
    return [{ type, value: n }];
  });
}

function toRequirements(value: unknown): BookableService['requirements'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r: unknown) => {
    const { name, mandatory, description } = (r ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [{ name: name.trim(), mandatory: mandatory === true, description: typeof description === 'string' && description.trim() ? description : null }];
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
  location_type: ServiceLocationType;
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
];

/** A service that can be booked now (active, published, provider active); null otherwise or for malformed ids. */
export async function findBookableService(id: string, trx?: Trx): Promise<BookableService | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)({ s: 'services' })
    .join({ p: 'provider_profiles' }, 'p.user_id', 's.provider_id')
    .where({ 's.id': id, 's.active': true, 's.status': 'active', 'p.active': true })
    .first<BookableRow | undefined>(BOOKABLE_COLUMNS);
  if (!row) return null;
  return {
    id: row.id,
    providerId: row.provider_id,
    providerName: row.business_name,
    title: row.title,
    category: row.category,
    serviceType: row.service_type,
    basePriceCents: toCents(row.base_price),
    pricingUnit: row.pricing_unit,
    additionalCosts: toAdditionalCosts(row.additional_costs),
    discounts: toDiscounts(row.discounts),
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
  };
}

/** The client's legal address (client_profiles), where on-site services take place; null without a profile. */
export async function findClientSite(clientId: string, trx?: Trx): Promise<Place | null> {
  const row = await db(trx)('client_profiles')
    .where({ user_id: clientId })
    .first<{ address_street: string | null; address_city: string | null; address_province: string | null; address_postal_code: string | null } | undefined>(
      'address_street',
      'address_city',
      'address_province',
      'address_postal_code',
    );
  if (!row) return null;
  return { address: row.address_street, city: row.address_city, province: row.address_province, postalCode: row.address_postal_code, lat: null, lng: null };
}

// ---------------------------------------------------------------------------------------------------------
// One booking
// ---------------------------------------------------------------------------------------------------------

/** As stored in bookings.additional_costs: what each cost added, in euro as a string ('72.00'). */
export interface StoredAdditionalCost {
  name: string;
  type: 'fixed' | 'percentage';
  amountCents: number;
  description: string | null;
}

export interface Booking {
  id: string;
  bookingNumber: string;
  serviceId: string;
  clientId: string;
  providerId: string;
  status: BookingStatus;
  bookingType: ServiceType;
  serviceTitle: string;
  serviceCategory: string;
  requestedDate: string;
  /** 'HH:MM:SS' */
  requestedTime: string;
  endTime: string | null;
  durationHours: number;
  locationType: BookingLocationType;
  location: Place;
  participantsCount: number;
  clientNotes: string | null;
  specialRequirements: string[];
  baseAmountCents: number;
  additionalCosts: StoredAdditionalCost[];
  discountAmountCents: number;
  taxAmountCents: number;
  totalAmountCents: number;
  /** The estimate's total that a provider's quote replaced (null until a quote). */
  estimatedTotalAmountCents: number | null;
  currency: string;
  paymentStatus: 'pending' | 'completed' | 'refunded';
  cancellationReason: string | null;
  cancelledBy: string | null;
  rejectionReason: string | null;
  quotedAt: Date | null;
  confirmedAt: Date | null;
  rejectedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  noShowAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const BOOKING_COLUMNS: readonly string[] = [
  'id',
  'booking_number',
  'service_id',
  'client_id',
  'provider_id',
  'status',
  'booking_type',
  'service_title',
  'service_category',
  'requested_date',
  'requested_time',
  'end_time',
  'duration_hours',
  'location_type',
  'location_address',
  'location_city',
  'location_province',
  'location_postal_code',
  'location_lat',
  'location_lng',
  'participants_count',
  'client_notes',
  'special_requirements',
  'base_amount',
  'additional_costs',
  'discount_amount',
  'tax_amount',
  'total_amount',
  'estimated_total_amount',
  'currency',
  'payment_status',
  'cancellation_reason',
  'cancelled_by',
  'rejection_reason',
  'quoted_at',
  'confirmed_at',
  'rejected_at',
  'started_at',
  'completed_at',
  'cancelled_at',
  'no_show_at',
  'created_at',
  'updated_at',
];

interface BookingRow {
  id: string;
  booking_number: string;
  service_id: string;
  client_id: string;
  provider_id: string;
  status: BookingStatus;
  booking_type: Booking['bookingType'];
  service_title: string;
  service_category: string;
  requested_date: string;
  requested_time: string;
  end_time: string | null;
  duration_hours: string;
  location_type: BookingLocationType;
  location_address: string | null;
  location_city: string | null;
  location_province: string | null;
  location_postal_code: string | null;
  location_lat: number | null;
  location_lng: number | null;
  participants_count: number;
  client_notes: string | null;
  special_requirements: string[];
  base_amount: string;
  additional_costs: unknown;
  discount_amount: string;
  tax_amount: string;
  total_amount: string;
  estimated_total_amount: string | null;
  currency: string;
  payment_status: Booking['paymentStatus'];
  cancellation_reason: string | null;
  cancelled_by: string | null;
  rejection_reason: string | null;
  quoted_at: Date | null;
  confirmed_at: Date | null;
  rejected_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  no_show_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toStoredCosts(value: unknown): StoredAdditionalCost[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) => {
    const { name, type, amount, description } = (c ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string') return [];
    let amountCents = 0;
    try {
      amountCents = toCents(typeof amount === 'number' || typeof amount === 'string' ? amount : 0);
    } catch {
      return [];
    }
    return [{ name, type: type === 'percentage' ? 'percentage' : 'fixed', amountCents, description: typeof description === 'string' ? description : null }];
  });
}

function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    serviceId: row.service_id,
    clientId: row.client_id,
    providerId: row.provider_id,
    status: row.status,
    bookingType: row.booking_type,
    serviceTitle: row.service_title,
    serviceCategory: row.service_category,
    requestedDate: row.requested_date,
    requestedTime: row.requested_time,
    endTime: row.end_time,
    durationHours: Number(row.duration_hours),
    locationType: row.location_type,
    location: {
      address: row.location_address,
      city: row.location_city,
      province: row.location_province,
      postalCode: row.location_postal_code,
      lat: row.location_lat,
      lng: row.location_lng,
    },
    participantsCount: row.participants_count,
    clientNotes: row.client_notes,
    specialRequirements: row.special_requirements,
    baseAmountCents: toCents(row.base_amount),
    additionalCosts: toStoredCosts(row.additional_costs),
    discountAmountCents: toCents(row.discount_amount),
    taxAmountCents: toCents(row.tax_amount),
    totalAmountCents: toCents(row.total_amount),
    estimatedTotalAmountCents: row.estimated_total_amount === null ? null : toCents(row.estimated_total_amount),
    currency: row.currency,
    paymentStatus: row.payment_status,
    cancellationReason: row.cancellation_reason,
    cancelledBy: row.cancelled_by,
    rejectionReason: row.rejection_reason,
    quotedAt: row.quoted_at,
    confirmedAt: row.confirmed_at,
    rejectedAt: row.rejected_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    cancelledAt: row.cancelled_at,
    noShowAt: row.no_show_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * A booking its viewer may see: the client who made it, or the provider whose service it is (never a
 * draft). null for anyone else, unknown or malformed ids: the caller answers 404 either way.
 */
export async function findForViewer(id: string, viewer: BookingViewer, trx?: Trx): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const q = db(trx)({ b: 'bookings' }).where('b.id', id);
  const row = await ownedBy(q, viewer).first<BookingRow | undefined>(BOOKING_COLUMNS.map((c) => `b.${c}`));
  return row ? toBooking(row) : null;
}

/** Reads a booking and locks its row until the transaction ends: two changes of one booking never overlap. */
export async function lockForUpdate(id: string, trx: Trx): Promise<Booking | null> {
  if (!isUuid(id)) return null;
  const row = await trx('bookings').where({ id }).forUpdate().first<BookingRow | undefined>(BOOKING_COLUMNS);
  return row ? toBooking(row) : null;
}

/** What a new booking is made of: the booking's own fields, with amounts as numeric strings (euro). */
export type NewBooking = Pick<
  Booking,
  | 'bookingNumber'
  | 'serviceId'
  | 'clientId'
  | 'providerId'
  | 'bookingType'
  | 'serviceTitle'
  | 'serviceCategory'
  | 'requestedDate'
  | 'requestedTime'
  | 'endTime'
  | 'durationHours'
  | 'locationType'
  | 'location'
  | 'participantsCount'
  | 'clientNotes'
  | 'specialRequirements'
  | 'confirmedAt'
  | 'createdAt'
> & {
  status: 'pending' | 'confirmed';
  baseAmount: string;
  additionalCosts: { name: string; type: 'fixed' | 'percentage'; amount: string; description: string }[];
  discountAmount: string;
  taxAmount: string;
  totalAmount: string;
  idempotencyKey: string;
};

/**
 * Inserts a booking unless one with the same (client, idempotency key) or booking number exists:
 * INSERT … ON CONFLICT DO NOTHING. Returns the new id, or null when nothing was inserted.
 */
export async function insertBooking(b: NewBooking, trx: Trx): Promise<string | null> {
  const insert = trx('bookings').insert({
    booking_number: b.bookingNumber,
    service_id: b.serviceId,
    client_id: b.clientId,
    provider_id: b.providerId,
    status: b.status,
    booking_type: b.bookingType,
    service_title: b.serviceTitle,
    service_category: b.serviceCategory,
    requested_date: b.requestedDate,
    requested_time: b.requestedTime,
    end_time: b.endTime,
    duration_hours: b.durationHours,
    location_type: b.locationType,
    location_address: b.location.address,
    location_city: b.location.city,
    location_province: b.location.province,
    location_postal_code: b.location.postalCode,
    location_lat: b.location.lat,
    location_lng: b.location.lng,
    participants_count: b.participantsCount,
    client_notes: b.clientNotes,
    special_requirements: b.specialRequirements,
    base_amount: b.baseAmount,
    additional_costs: JSON.stringify(b.additionalCosts),
    discount_amount: b.discountAmount,
    tax_amount: b.taxAmount,
    total_amount: b.totalAmount,
    currency: 'EUR',
    payment_status: 'pending',
    idempotency_key: b.idempotencyKey,
    confirmed_at: b.confirmedAt,
    created_at: b.createdAt,
    updated_at: b.createdAt,
  });
  const rows = (await trx.raw('? ON CONFLICT DO NOTHING RETURNING id', [insert])) as { rows: { id: string }[] };
  return rows.rows[0]?.id ?? null;
}

/** The booking a client already made with this form (same idempotency key), if any. */
export async function findIdByIdempotencyKey(clientId: string, key: string, trx?: Trx): Promise<string | null> {
  const row = await db(trx)('bookings').where({ client_id: clientId, idempotency_key: key }).first<{ id: string } | undefined>('id');
  return row?.id ?? null;
}

export interface BookingChanges {
  status?: BookingStatus;
  /** Amounts as numeric strings (euro). */
  baseAmount?: string;
  additionalCosts?: NewBooking['additionalCosts'];
  discountAmount?: string;
  totalAmount?: string;
  taxAmount?: string;
  estimatedTotalAmount?: string;
  cancellationReason?: string | null;
  cancelledBy?: string | null;
  rejectionReason?: string | null;
  quotedAt?: Date;
  confirmedAt?: Date;
  rejectedAt?: Date;
  completedAt?: Date;
  cancelledAt?: Date;
  noShowAt?: Date;
}

const CHANGE_COLUMNS: Record<keyof BookingChanges, string> = {
  status: 'status',
  baseAmount: 'base_amount',
  additionalCosts: 'additional_costs',
  discountAmount: 'discount_amount',
  totalAmount: 'total_amount',
  taxAmount: 'tax_amount',
  estimatedTotalAmount: 'estimated_total_amount',
  cancellationReason: 'cancellation_reason',
  cancelledBy: 'cancelled_by',
  rejectionReason: 'rejection_reason',
  quotedAt: 'quoted_at',
  confirmedAt: 'confirmed_at',
  rejectedAt: 'rejected_at',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
  noShowAt: 'no_show_at',
};

/** Writes a change of a booking (locked by the caller) and stamps updated_at. */
export async function updateBooking(id: string, changes: BookingChanges, at: Date, trx: Trx): Promise<Booking> {
  const values: Record<string, unknown> = { updated_at: at };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) values[CHANGE_COLUMNS[key as keyof BookingChanges]] = key === 'additionalCosts' ? JSON.stringify(value) : value;
  }
  const [row] = await trx('bookings').where({ id }).update(values).returning<BookingRow[]>(BOOKING_COLUMNS);
  return toBooking(row!);
}

/** One more completed booking on the provider's profile (shown on their page). */
export async function incrementCompletedBookings(providerId: string, trx: Trx): Promise<void> {
  await trx('provider_profiles').where({ user_id: providerId }).increment('completed_bookings', 1);
}

/**
 * Pending requests nobody answered: created before `createdBefore`, or whose start has passed. Ids only,
 * oldest first; the caller locks and re-checks each one.
 */
export async function listExpiredRequestIds(createdBefore: Date, now: Date, limit: number, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('bookings')
    .where('status', 'pending')
    .where((w) =>
      w
        .where('created_at', '<=', createdBefore)
        .orWhereRaw(`((requested_date + requested_time) AT TIME ZONE 'Europe/Rome') <= ?`, [now]),
    )
    .orderBy('created_at')
    .limit(limit)
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------------
// The two parties
// ---------------------------------------------------------------------------------------------------------

export interface Party {
  id: string;
  /** The account's address: where emails go. */
  email: string;
  /** Company name (client) or business name (provider); null when unknown ("N/A"). */
  name: string | null;
  /** Contact address and phone shown on the booking (profile contact, else the account's). */
  contactEmail: string;
  phone: string | null;
  contactPerson: string | null;
}

interface PartyRow {
  id: string;
  email: string;
  user_type: UserType;
  account_company: string | null;
  account_phone: string | null;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  client_contact_phone: string | null;
  client_first: string | null;
  client_last: string | null;
  provider_name: string | null;
  provider_email: string | null;
  provider_phone: string | null;
  provider_contact_phone: string | null;
  provider_first: string | null;
  provider_last: string | null;
}

function toParty(r: PartyRow): Party {
  const provider = r.user_type === 'provider';
  const first = provider ? r.provider_first : r.client_first;
  const last = provider ? r.provider_last : r.client_last;
  return {
    id: r.id,
    email: r.email,
    name: (provider ? r.provider_name : r.client_name) ?? r.account_company,
    contactEmail: (provider ? r.provider_email : r.client_email) ?? r.email,
    phone: (provider ? (r.provider_phone ?? r.provider_contact_phone) : (r.client_phone ?? r.client_contact_phone)) ?? r.account_phone,
    contactPerson: [first, last].filter(Boolean).join(' ') || null,
  };
}

/** The client and the provider of a booking, with what the booking page and the emails show of them. */
export async function findParties(clientId: string, providerId: string, trx?: Trx): Promise<{ client: Party; provider: Party }> {
  const rows = await db(trx)({ u: 'users' })
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'u.id')
    .leftJoin({ pp: 'provider_profiles' }, 'pp.user_id', 'u.id')
    .whereIn('u.id', [clientId, providerId])
    .select<PartyRow[]>({
      id: 'u.id',
      email: 'u.email',
      user_type: 'u.user_type',
      account_company: 'u.company_name',
      account_phone: 'u.phone',
      client_name: 'cp.company_name',
      client_email: 'cp.contact_email',
      client_phone: 'cp.phone',
      client_contact_phone: 'cp.contact_phone',
      client_first: 'cp.contact_first_name',
      client_last: 'cp.contact_last_name',
      provider_name: 'pp.business_name',
      provider_email: 'pp.contact_email',
      provider_phone: 'pp.phone',
      provider_contact_phone: 'pp.contact_phone',
      provider_first: 'pp.contact_first_name',
      provider_last: 'pp.contact_last_name',
    });
  const client = rows.find((r) => r.id === clientId);
  const provider = rows.find((r) => r.id === providerId);
  if (!client || !provider) throw new Error(`parties of a booking missing: ${clientId}, ${providerId}`);
  return { client: toParty(client), provider: toParty(provider) };
}

/**
 * How many hours before the start a client may still cancel online, by the provider's policy (profile
 * form), read as the profile reads it: SPEC §3's default (24) where it is missing or out of range.
 */
export async function findCancellationHours(providerId: string, trx?: Trx): Promise<number> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: providerId })
    .first<{ cancellation_policy: CancellationPolicyJson | null } | undefined>('cancellation_policy');
  return cancellationPolicyOf(row?.cancellation_policy ?? null).hoursBefore;
}
