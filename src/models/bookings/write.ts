import { names } from '../../db/columns.js';
import type { Trx } from '../../db/knex.js';
import type { Booking, BookingStatus } from './booking.js';
import type { NewBooking } from './insert.js';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from './row.js';

// Writing a change of a booking (locked by the caller: read.ts lockForUpdate); a new one: insert.ts.

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
  startedAt?: Date;
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
  /** Euro, as a numeric string: the sum of the refunds recorded. */
  refundedAmount?: string;
  disputeRefundAmount?: string;
  /** The site referent the client names when accepting a quote. */
  referentName?: string;
  referentRole?: string;
  referentEmail?: string | null;
  referentPhone?: string | null;
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
  startedAt: 'started_at',
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
  refundedAmount: 'refunded_amount',
  disputeRefundAmount: 'dispute_refund_amount',
  referentName: 'referent_name',
  referentRole: 'referent_role',
  referentEmail: 'referent_email',
  referentPhone: 'referent_phone',
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
