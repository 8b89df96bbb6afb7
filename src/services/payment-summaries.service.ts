import { findProviderIban } from '../models/providers/read.js';
import { findClientInvoicing } from '../models/clients/read.js';
import * as bookingParties from '../models/bookings/parties.js';
import type { Party } from '../models/bookings/parties.js';
import type { Booking } from '../models/bookings/booking.js';
import * as bookings from '../models/bookings/read.js';
import type { BookingViewer } from '../models/bookings/read.js';
import type { ClientInvoicing } from '../models/clients/row.js';
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
    findClientInvoicing(booking.clientId),
    findProviderIban(booking.providerId),
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
