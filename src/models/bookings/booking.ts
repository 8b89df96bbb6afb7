import type { BookingStatus } from '../../lib/booking-status.js';
import type { BookingDay } from '../../lib/availability.js';
import type { PaymentMethod } from '../../lib/payment-options.js';

export type PaymentStatus = 'pending' | 'completed' | 'partially_refunded' | 'refunded';
import type { ListingType } from '../../lib/listing-options.js';

// A booking as the application uses it (its row and mapper: row.ts).

export { BOOKING_STATUSES, type BookingStatus } from '../../lib/booking-status.js';

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

/** Who receives the provider on site, for services not priced per head (participants are for courses: docs/product.md §2). */
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
  /** The course edition whose seats the booking holds; null for other listings. */
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
  /** pending until the provider records the payment; after a cancellation, (partially_)refunded as it records refunds. */
  paymentStatus: PaymentStatus;
  /** The day the provider received the payment ('YYYY-MM-DD') and how (null until recorded). */
  paidOn: string | null;
  paymentMethod: PaymentMethod | null;
  paymentRecordedAt: Date | null;
  /** The platform's commission, fixed at completion (null before): rate in percent, base without VAT, amount. */
  commissionRatePercent: number | null;
  commissionBaseAmountCents: number | null;
  commissionAmountCents: number | null;
  /** A cancellation's refund: the policy's percentage that applied and the amount, fixed when cancelled. */
  refundPercentage: number | null;
  refundAmountCents: number | null;
  /** What the provider recorded as given back so far (the sum of the booking's refunds), 0 before any. */
  refundedAmountCents: number;
  /** What disputes' decisions found owed back to the client (added to a cancellation's refund), 0 when none. */
  disputeRefundAmountCents: number;
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
