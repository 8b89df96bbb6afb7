import { addDays, romeLocal } from '../../lib/booking-time.js';
import type { Booking } from '../../models/bookings/booking.js';
import { PAYMENT_TERM_DAYS } from '../../lib/payment-options.js';
import type { Payee, PaymentInstructions, PaymentProvider } from './payment-provider.js';

/** The last day to pay: 30 days after the day (in Italy) the booking was confirmed. */
export function paymentDueDate(booking: Pick<Booking, 'confirmedAt' | 'createdAt'>): string {
  return addDays(romeLocal(booking.confirmedAt ?? booking.createdAt).date, PAYMENT_TERM_DAYS);
}

export const bankTransfer: PaymentProvider = {
  channel: 'bank_transfer',
  instructionsFor(booking: Booking, payee: Payee): PaymentInstructions {
    return {
      channel: 'bank_transfer',
      amountCents: booking.totalAmountCents,
      reference: booking.bookingNumber,
      dueDate: paymentDueDate(booking),
      beneficiary: payee.name,
      iban: payee.iban,
    };
  },
};
