import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import type { UserType } from '../lib/current-user.js';
import { isUuid } from '../lib/uuid.js';
import { BOOKING_COLUMNS, type Booking, type BookingStatus } from './booking-record.js';
import { toBooking, type BookingRow } from './booking-row.js';
import type { NewBooking } from './new-bookings.repo.js';
import {
  cancellationPolicyOf,
  type CancellationPolicy,
  type CancellationPolicyJson,
} from './provider-profile-record.js';

// One booking: its statuses, who may see it, reading it (under lock to change it) and updating it (writing a
// new one: new-bookings.repo).

/** Who is looking: a client sees the bookings it made, a provider the bookings of its services. */
export interface BookingViewer {
  id: string;
  userType: UserType;
}

/**
 * The viewer's own bookings (`b`): by client_id or provider_id.
 * The one visibility rule of bookings: lists, counts, the detail page and the dashboard figures use it.
 */
export function ownedBy(q: Knex.QueryBuilder, viewer: BookingViewer): Knex.QueryBuilder {
  if (viewer.userType === 'provider') return q.where('b.provider_id', viewer.id);
  return q.where('b.client_id', viewer.id);
}

/**
 * A booking its viewer may see: the client who made it, or the provider whose service it is. null for anyone else, unknown or malformed ids: the caller answers 404 either way.
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

/** The booking a client already made with this form (same idempotency key), if any. */
export async function findIdByIdempotencyKey(clientId: string, key: string, trx?: Trx): Promise<string | null> {
  const row = await db(trx)('bookings')
    .where({ client_id: clientId, idempotency_key: key })
    .first<{ id: string } | undefined>('id');
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

const CHANGE_COLUMNS: Record<keyof BookingChanges, string> = {
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
export async function listExpiredRequestIds(
  createdBefore: Date,
  now: Date,
  limit: number,
  trx?: Trx,
): Promise<string[]> {
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

/** Quotes the client left unanswered past their validity date (before `today`, a Rome date). Ids only. */
export async function listExpiredQuoteIds(today: string, limit: number, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('bookings')
    .where('status', 'quoted')
    .where('quote_valid_until', '<', today)
    .orderBy('quote_valid_until')
    .limit(limit)
    .select<{ id: string }[]>('id');
  return rows.map((r) => r.id);
}

/** The provider's cancellation policy, read as the profile reads it (docs/product.md §3's default where missing). */
export async function findCancellationPolicy(providerId: string, trx?: Trx): Promise<CancellationPolicy> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: providerId })
    .first<{ cancellation_policy: CancellationPolicyJson | null } | undefined>('cancellation_policy');
  return cancellationPolicyOf(row?.cancellation_policy ?? null);
}
