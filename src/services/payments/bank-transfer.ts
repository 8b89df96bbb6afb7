import { addDays, romeLocal } from '../../lib/booking-time.js';
import type { Booking } from '../../models/booking-record.js';
import type { Payee, PaymentInstructions, PaymentProvider } from './payment-provider.js';

/**
 * Days the client has to pay from the confirmation. Between businesses Italian law (D.Lgs. 231/2002, art. 4)
 * sets 30 days as the default payment term, and SPEC §1 says payment is requested when the service is confirmed:
 * so the request made at confirmation falls due 30 days later. A fixed term from the confirmation, rather than
 * "before the service date", also works for services booked for the next day and for year-long engagements alike.
 */
export const PAYMENT_TERM_DAYS = 30;

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
