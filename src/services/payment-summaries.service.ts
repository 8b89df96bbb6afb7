import * as bookingParties from '../models/booking-parties.repo.js';
import type { Party } from '../models/booking-parties.repo.js';
import type { Booking } from '../models/booking-record.js';
import * as bookings from '../models/bookings.repo.js';
import type { BookingViewer } from '../models/bookings.repo.js';
import * as invoicing from '../models/invoicing.repo.js';
import type { ClientInvoicing } from '../models/invoicing.repo.js';
import { paymentDueDate } from './payments/bank-transfer.js';
import { PAYABLE_STATUSES, paymentInstructions, type PaymentInstructions } from './payments/payments.js';

/**
 * The payment summary a client downloads (and its provider may open): what is owed or was paid for a confirmed
 * booking, to whom, with which reference. Only the booking's two parties; nothing before confirmation.
 */
export interface PaymentSummary {
  booking: Booking;
  client: Party;
  provider: Party;
  clientInvoicing: ClientInvoicing;
  /** How to pay, while the payment is pending. */
  instructions: PaymentInstructions | null;
  dueDate: string;
}

export type SummaryResult = { ok: true; summary: PaymentSummary } | { ok: false; kind: 'not_found' | 'not_payable' };

export async function paymentSummary(bookingId: string, viewer: BookingViewer): Promise<SummaryResult> {
  const booking = await bookings.findForViewer(bookingId, viewer);
  if (!booking) return { ok: false, kind: 'not_found' };
  if (!PAYABLE_STATUSES.includes(booking.status)) return { ok: false, kind: 'not_payable' };
  const [parties, clientInvoicing, iban] = await Promise.all([
    bookingParties.findParties(booking.clientId, booking.providerId),
    invoicing.findClientInvoicing(booking.clientId),
    invoicing.findProviderIban(booking.providerId),
  ]);
  return {
    ok: true,
    summary: {
      booking,
      client: parties.client,
      provider: parties.provider,
      clientInvoicing,
      instructions: paymentInstructions(booking, { name: parties.provider.name, iban }),
      dueDate: paymentDueDate(booking),
    },
  };
}
