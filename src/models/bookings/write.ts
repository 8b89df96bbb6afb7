import type { Knex } from 'knex';
import { names } from '../../db/columns.js';
import { db, prepared, withParts, type Trx } from '../../db/knex.js';
import { lockBookable } from '../listings/bookable.js';
import type { Booking, BookingStatus } from './booking.js';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from './row.js';

// Writing bookings: a change of one (locked by the caller: read.ts lockForUpdate), and a new one with
// everything that belongs to it, in one statement.

export interface BookingChanges {
  status?: BookingStatus;
  /** Amounts as numeric strings (euro). */
  baseAmount?: string;
  additionalCosts?: NewBooking['additionalCosts'];
  discountAmount?: string;
  totalAmount?: string;
  taxAmount?: string;
  estimatedTotalAmount?: string;
  quoteTotalAmount?: string;
  quoteIncludes?: string;
  quoteValidUntil?: string;
  quoteDeclinedAt?: Date;
  quoteDeclineReason?: string;
  cancellationReason?: string | null;
  cancelledBy?: string | null;
  rejectionReason?: string | null;
  quotedAt?: Date;
  confirmedAt?: Date;
  rejectedAt?: Date;
  completedAt?: Date;
  cancelledAt?: Date;
  noShowAt?: Date;
  paymentStatus?: Booking['paymentStatus'];
  paidOn?: string;
  paymentMethod?: Booking['paymentMethod'];
  paymentRecordedAt?: Date;
  /** Percent, as a numeric string ('5.00'); amounts as numeric strings (euro). */
  commissionRate?: string;
  commissionBaseAmount?: string;
  commissionAmount?: string;
  refundPercentage?: number;
  /** Euro, as a numeric string. */
  refundAmount?: string;
}

const CHANGE_COLUMNS: Record<keyof BookingChanges, keyof BookingRow> = {
  status: 'status',
  baseAmount: 'base_amount',
  additionalCosts: 'additional_costs',
  discountAmount: 'discount_amount',
  totalAmount: 'total_amount',
  taxAmount: 'tax_amount',
  estimatedTotalAmount: 'estimated_total_amount',
  quoteTotalAmount: 'quote_total_amount',
  quoteIncludes: 'quote_includes',
  quoteValidUntil: 'quote_valid_until',
  quoteDeclinedAt: 'quote_declined_at',
  quoteDeclineReason: 'quote_decline_reason',
  cancellationReason: 'cancellation_reason',
  cancelledBy: 'cancelled_by',
  rejectionReason: 'rejection_reason',
  quotedAt: 'quoted_at',
  confirmedAt: 'confirmed_at',
  rejectedAt: 'rejected_at',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
  noShowAt: 'no_show_at',
  paymentStatus: 'payment_status',
  paidOn: 'paid_on',
  paymentMethod: 'payment_method',
  paymentRecordedAt: 'payment_recorded_at',
  commissionRate: 'commission_rate',
  commissionBaseAmount: 'commission_base_amount',
  commissionAmount: 'commission_amount',
  refundPercentage: 'refund_percentage',
  refundAmount: 'refund_amount',
};

/** Writes a change of a booking (locked by the caller) and stamps updated_at. */
export async function updateBooking(id: string, changes: BookingChanges, at: Date, trx: Trx): Promise<Booking> {
  const values: Record<string, unknown> = { updated_at: at };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined)
      values[CHANGE_COLUMNS[key as keyof BookingChanges]] = key === 'additionalCosts' ? JSON.stringify(value) : value;
  }
  const [row] = await trx('bookings').where({ id }).update(values).returning<BookingRow[]>(names(BOOKING_COLUMNS));
  return toBooking(row!);
}

/** What a new booking is made of: the booking's own fields, with amounts as numeric strings (euro). */
export type NewBooking = Pick<
  Booking,
  | 'bookingNumber'
  | 'listingId'
  | 'clientId'
  | 'providerId'
  | 'bookingType'
  | 'listingTitle'
  | 'listingCategory'
  | 'requestedDate'
  | 'requestedTime'
  | 'endTime'
  | 'durationHours'
  | 'days'
  | 'outsideHours'
  | 'locationType'
  | 'location'
  | 'participantsCount'
  | 'editionId'
  | 'clientNotes'
  | 'specialRequirements'
  | 'referent'
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

/** The columns of a booking, as an INSERT's RETURNING list. */
const RETURNED = names(BOOKING_COLUMNS)
  .map((c) => `"${c}"`)
  .join(', ');

/** A new booking with the id it is given (the writes that belong to it name it before it exists). */
export type IdentifiedNewBooking = NewBooking & { id: string };

/**
 * Writes a new booking in one statement, without a transaction of its own (in the caller's when given):
 * - the listing's row, read locked FOR SHARE as it still can be booked (a pause, FOR UPDATE, waits for this
 *   statement or is seen by it);
 * - the booking, unless one with the same (client, idempotency key) or booking number exists (ON CONFLICT
 *   DO NOTHING);
 * - `belonging`, the writes that name the booking (participants, notifications, emails).
 * A listing no longer bookable refuses the whole statement ('not_bookable', src/db/knex.ts refusalOf); so
 * does a booking not inserted when other writes belong to it ('not_inserted'): nothing is kept. Returns the
 * booking as stored, or null when it was not inserted and nothing else was to be written. `name` makes it a
 * prepared statement (db/knex.ts prepared): the caller names each shape of `belonging` its own way.
 */
export async function writeNewBooking(
  b: IdentifiedNewBooking,
  belonging: Knex.QueryBuilder[],
  trx?: Trx,
  name?: string,
): Promise<Booking | null> {
  const k = db(trx);
  const insert = k.raw(`? ON CONFLICT DO NOTHING RETURNING ${RETURNED}`, [newBookingInsert(b, trx)]);
  const parts = [lockBookable(b.listingId, trx), insert, ...belonging];
  const statement = k.raw<{ rows: BookingRow[] }>(
    `${withParts(parts)}
     SELECT s1.*, CASE
       WHEN NOT EXISTS (SELECT 1 FROM s0) THEN refuse_statement('not_bookable')
       WHEN s1.id IS NULL AND ? THEN refuse_statement('not_inserted')
     END AS refused
     FROM (SELECT 1) AS one LEFT JOIN s1 ON true`,
    [...parts, belonging.length > 0],
  );
  const { rows } = await (name ? prepared(statement, name) : statement);
  const row = rows[0];
  return row?.id ? toBooking(row) : null;
}

function newBookingInsert(b: IdentifiedNewBooking, trx?: Trx) {
  // Every column is named here, or left to its default in UnsetOnInsert: a new column cannot be forgotten.
  const row: Record<Exclude<keyof BookingRow, UnsetOnInsert>, unknown> = {
    id: b.id,
    booking_number: b.bookingNumber,
    service_id: b.listingId,
    client_id: b.clientId,
    provider_id: b.providerId,
    status: b.status,
    booking_type: b.bookingType,
    service_title: b.listingTitle,
    service_category: b.listingCategory,
    requested_date: b.requestedDate,
    requested_time: b.requestedTime,
    end_time: b.endTime,
    duration_hours: b.durationHours,
    days: b.days.length > 1 ? JSON.stringify(b.days) : null,
    outside_hours: b.outsideHours,
    location_type: b.locationType,
    location_address: b.location.address,
    location_city: b.location.city,
    location_province: b.location.province,
    location_postal_code: b.location.postalCode,
    location_lat: b.location.lat,
    location_lng: b.location.lng,
    participants_count: b.participantsCount,
    edition_id: b.editionId,
    client_notes: b.clientNotes,
    special_requirements: b.specialRequirements,
    referent_name: b.referent?.name ?? null,
    referent_role: b.referent?.role ?? null,
    referent_email: b.referent?.email ?? null,
    referent_phone: b.referent?.phone ?? null,
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
  };
  return db(trx)('bookings').insert(row);
}

/** The columns a new booking leaves to their defaults (NULL until the booking's life sets them). */
type UnsetOnInsert =
  | 'estimated_total_amount'
  | 'quote_total_amount'
  | 'quote_includes'
  | 'quote_valid_until'
  | 'quote_declined_at'
  | 'quote_decline_reason'
  | 'paid_on'
  | 'payment_method'
  | 'payment_recorded_at'
  | 'commission_rate'
  | 'commission_base_amount'
  | 'commission_amount'
  | 'refund_percentage'
  | 'refund_amount'
  | 'cancellation_reason'
  | 'cancelled_by'
  | 'rejection_reason'
  | 'quoted_at'
  | 'rejected_at'
  | 'started_at'
  | 'completed_at'
  | 'cancelled_at'
  | 'no_show_at';
