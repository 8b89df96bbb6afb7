import type { Booking } from '../../models/bookings/booking.js';
import { bankTransfer } from './bank-transfer.js';
import type { Payee, PaymentInstructions, PaymentProvider } from './payment-provider.js';

export type { Payee, PaymentInstructions, PaymentProvider } from './payment-provider.js';

/** The ways a client can pay, first preferred. Only bank transfer exists today; a card provider goes here. */
const PROVIDERS: readonly PaymentProvider[] = [bankTransfer];

/** Statuses in which the service was agreed and a payment may be owed (docs/product.md §1: only after confirmation). */
export const PAYABLE_STATUSES: readonly Booking['status'][] = ['confirmed', 'in_progress', 'completed'];

/** How to pay this booking: only once it is confirmed (docs/product.md §1), and only while the payment is still pending. */
export function paymentInstructions(booking: Booking, payee: Payee): PaymentInstructions | null {
  if (!PAYABLE_STATUSES.includes(booking.status) || booking.paymentStatus !== 'pending') return null;
  return PROVIDERS[0]!.instructionsFor(booking, payee);
}
