import type { BookingStatus } from '../lib/booking-status.js';
import type { BookingDay } from '../lib/availability.js';
import type { PaymentMethod } from '../lib/payment-options.js';
import type { ListingType } from '../lib/listing-options.js';

// The columns of one booking and their mapper, shared by the repos that read or write whole bookings.

export { BOOKING_STATUSES, type BookingStatus } from '../lib/booking-status.js';

/** How a received payment was made, as the provider records it. */

export type BookingLocationType = 'client_site' | 'provider_site' | 'remote';

export interface Place {
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  lat: number | null;
  lng: number | null;
}

/** As stored in bookings.additional_costs: what each cost added, in euro as a string ('72.00'). */
export interface StoredAdditionalCost {
  name: string;
  type: 'fixed' | 'percentage';
  amountCents: number;
  description: string | null;
}

/** Who receives the provider on site, for services not priced per head (SPEC's participants are for courses). */
interface Referent {
  name: string;
  role: string;
  email: string | null;
  phone: string | null;
}

export interface Booking {
  id: string;
  bookingNumber: string;
  listingId: string;
  clientId: string;
  providerId: string;
  status: BookingStatus;
  bookingType: ListingType;
  listingTitle: string;
  listingCategory: string;
  requestedDate: string;
  /** 'HH:MM:SS' */
  requestedTime: string;
  endTime: string | null;
  durationHours: number;
  /** The working days of a booking over several days (src/lib/availability.ts); empty for one day. */
  days: BookingDay[];
  /** An on-request booking asked for a time outside the provider's opening hours. */
  outsideHours: boolean;
  locationType: BookingLocationType;
  location: Place;
  participantsCount: number;
  /** The course edition whose seats the booking holds (issue 15); null for other services. */
  editionId: string | null;
  clientNotes: string | null;
  specialRequirements: string[];
  referent: Referent | null;
  baseAmountCents: number;
  additionalCosts: StoredAdditionalCost[];
  discountAmountCents: number;
  taxAmountCents: number;
  totalAmountCents: number;
  /** The estimate's total that a provider's quote replaced (null until a quote). */
  estimatedTotalAmountCents: number | null;
  /** The provider's quote (quoted_at): total with VAT, what it includes, the last day the client may accept. */
  quoteTotalAmountCents: number | null;
  quoteIncludes: string | null;
  quoteValidUntil: string | null;
  quoteDeclinedAt: Date | null;
  quoteDeclineReason: string | null;
  currency: string;
  paymentStatus: 'pending' | 'completed' | 'refunded';
  /** The day the provider received the payment ('YYYY-MM-DD') and how (null until recorded). */
  paidOn: string | null;
  paymentMethod: PaymentMethod | null;
  paymentRecordedAt: Date | null;
  /** The platform's commission, fixed at completion (null before): rate in percent, base without VAT, amount. */
  commissionRatePercent: number | null;
  commissionBaseAmountCents: number | null;
  commissionAmountCents: number | null;
  /** A cancellation's refund (issue 11): the policy's percentage that applied and the amount, fixed when cancelled. */
  refundPercentage: number | null;
  refundAmountCents: number | null;
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

export const BOOKING_COLUMNS: readonly string[] = [
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
  'days',
  'outside_hours',
  'location_type',
  'location_address',
  'location_city',
  'location_province',
  'location_postal_code',
  'location_lat',
  'location_lng',
  'participants_count',
  'edition_id',
  'client_notes',
  'special_requirements',
  'referent_name',
  'referent_role',
  'referent_email',
  'referent_phone',
  'base_amount',
  'additional_costs',
  'discount_amount',
  'tax_amount',
  'total_amount',
  'estimated_total_amount',
  'quote_total_amount',
  'quote_includes',
  'quote_valid_until',
  'quote_declined_at',
  'quote_decline_reason',
  'currency',
  'payment_status',
  'paid_on',
  'payment_method',
  'payment_recorded_at',
  'commission_rate',
  'commission_base_amount',
  'commission_amount',
  'refund_percentage',
  'refund_amount',
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
