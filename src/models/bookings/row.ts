import { columnsOf } from '../../db/columns.js';
import type { BookingDay } from '../../lib/availability.js';
import type { PaymentMethod } from '../../lib/payment-options.js';
import { toCents } from '../../lib/money.js';
import type { Booking, BookingLocationType, BookingStatus, StoredAdditionalCost } from './booking.js';

// The bookings table: its row as PostgreSQL returns it, its columns, and the mapper to the Booking the
// application uses. Every other shape of a booking's row is a Pick<> of BookingRow.

export interface BookingRow {
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
  days: unknown;
  outside_hours: boolean;
  location_type: BookingLocationType;
  location_address: string | null;
  location_city: string | null;
  location_province: string | null;
  location_postal_code: string | null;
  location_lat: number | null;
  location_lng: number | null;
  participants_count: number;
  edition_id: string | null;
  client_notes: string | null;
  special_requirements: string[];
  referent_name: string | null;
  referent_role: string | null;
  referent_email: string | null;
  referent_phone: string | null;
  base_amount: string;
  additional_costs: unknown;
  discount_amount: string;
  tax_amount: string;
  total_amount: string;
  /** The provider's trainer the booking is assigned to (a person's id), when one is. */
  trainer_member_id: string | null;
  estimated_total_amount: string | null;
  quote_total_amount: string | null;
  quote_includes: string | null;
  quote_valid_until: string | null;
  quote_declined_at: Date | null;
  quote_decline_reason: string | null;
  currency: string;
  payment_status: Booking['paymentStatus'];
  paid_on: string | null;
  payment_method: PaymentMethod | null;
  payment_recorded_at: Date | null;
  commission_rate: string | null;
  commission_base_amount: string | null;
  commission_amount: string | null;
  refund_percentage: number | null;
  refund_amount: string | null;
  refunded_amount: string | null;
  dispute_refund_amount: string | null;
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
  /** The form's key: a repeated submission finds the booking the first one created. */
  idempotency_key: string;
}

export const BOOKING_COLUMNS = columnsOf<BookingRow>({
  id: 'text',
  booking_number: 'text',
  service_id: 'text',
  client_id: 'text',
  provider_id: 'text',
  status: 'text',
  booking_type: 'text',
  service_title: 'text',
  service_category: 'text',
  requested_date: 'date',
  requested_time: 'text',
  end_time: 'text',
  duration_hours: 'numeric',
  days: 'json',
  outside_hours: 'boolean',
  location_type: 'text',
  location_address: 'text',
  location_city: 'text',
  location_province: 'text',
  location_postal_code: 'text',
  location_lat: 'number',
  location_lng: 'number',
  participants_count: 'number',
  edition_id: 'text',
  client_notes: 'text',
  special_requirements: 'array',
  referent_name: 'text',
  referent_role: 'text',
  referent_email: 'text',
  referent_phone: 'text',
  base_amount: 'numeric',
  additional_costs: 'json',
  discount_amount: 'numeric',
  tax_amount: 'numeric',
  total_amount: 'numeric',
  trainer_member_id: 'text',
  estimated_total_amount: 'numeric',
  quote_total_amount: 'numeric',
  quote_includes: 'text',
  quote_valid_until: 'date',
  quote_declined_at: 'timestamp',
  quote_decline_reason: 'text',
  currency: 'text',
  payment_status: 'text',
  paid_on: 'date',
  payment_method: 'text',
  payment_recorded_at: 'timestamp',
  commission_rate: 'numeric',
  commission_base_amount: 'numeric',
  commission_amount: 'numeric',
  refund_percentage: 'number',
  refund_amount: 'numeric',
  refunded_amount: 'numeric',
  dispute_refund_amount: 'numeric',
  cancellation_reason: 'text',
  cancelled_by: 'text',
  rejection_reason: 'text',
  quoted_at: 'timestamp',
  confirmed_at: 'timestamp',
  rejected_at: 'timestamp',
  started_at: 'timestamp',
  completed_at: 'timestamp',
  cancelled_at: 'timestamp',
  no_show_at: 'timestamp',
  created_at: 'timestamp',
  updated_at: 'timestamp',
  idempotency_key: 'text',
});

function toStoredCosts(value: unknown): StoredAdditionalCost[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) => {
    const { name, type, amount, description } = (c ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string') return [];
    let amountCents: number;
    try {
      amountCents = toCents(typeof amount === 'number' || typeof amount === 'string' ? amount : 0);
    } catch {
      return [];
    }
    return [
      {
        name,
        type: type === 'percentage' ? 'percentage' : 'fixed',
        amountCents,
        description: typeof description === 'string' ? description : null,
      },
    ];
  });
}

/** The stored working days (jsonb): only well-formed entries. */
function toBookingDays(value: unknown): BookingDay[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((d: unknown) => {
    const { date, start, end } = (d ?? {}) as Record<string, unknown>;
    return typeof date === 'string' && typeof start === 'string' && typeof end === 'string'
      ? [{ date, start, end }]
      : [];
  });
}

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    listingId: row.service_id,
    clientId: row.client_id,
    providerId: row.provider_id,
    status: row.status,
    bookingType: row.booking_type,
    listingTitle: row.service_title,
    listingCategory: row.service_category,
    requestedDate: row.requested_date,
    requestedTime: row.requested_time,
    endTime: row.end_time,
    durationHours: Number(row.duration_hours),
    days: toBookingDays(row.days),
    outsideHours: row.outside_hours,
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
    editionId: row.edition_id,
    clientNotes: row.client_notes,
    specialRequirements: row.special_requirements,
    referent:
      row.referent_name === null
        ? null
        : {
            name: row.referent_name,
            role: row.referent_role ?? '',
            email: row.referent_email,
            phone: row.referent_phone,
          },
    baseAmountCents: toCents(row.base_amount),
    additionalCosts: toStoredCosts(row.additional_costs),
    discountAmountCents: toCents(row.discount_amount),
    taxAmountCents: toCents(row.tax_amount),
    totalAmountCents: toCents(row.total_amount),
    estimatedTotalAmountCents: row.estimated_total_amount === null ? null : toCents(row.estimated_total_amount),
    quoteTotalAmountCents: row.quote_total_amount === null ? null : toCents(row.quote_total_amount),
    quoteIncludes: row.quote_includes,
    quoteValidUntil: row.quote_valid_until,
    quoteDeclinedAt: row.quote_declined_at,
    quoteDeclineReason: row.quote_decline_reason,
    currency: row.currency,
    paymentStatus: row.payment_status,
    paidOn: row.paid_on,
    paymentMethod: row.payment_method,
    paymentRecordedAt: row.payment_recorded_at,
    commissionRatePercent: row.commission_rate === null ? null : Number(row.commission_rate),
    commissionBaseAmountCents: row.commission_base_amount === null ? null : toCents(row.commission_base_amount),
    commissionAmountCents: row.commission_amount === null ? null : toCents(row.commission_amount),
    refundPercentage: row.refund_percentage,
    refundAmountCents: row.refund_amount === null ? null : toCents(row.refund_amount),
    refundedAmountCents: row.refunded_amount === null ? 0 : toCents(row.refunded_amount),
    disputeRefundAmountCents: row.dispute_refund_amount === null ? 0 : toCents(row.dispute_refund_amount),
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
