import type { Booking } from '../../models/bookings/booking.js';
/**
 * How a client pays a confirmed booking. Today the only way is a bank transfer straight to the provider (the
 * platform never holds the money, it invoices its commission separately); a card provider added later implements
 * this same interface and the booking page shows whatever instructions it returns.
 */

type PaymentChannel = 'bank_transfer';

/** Who is paid: the provider's business name and IBAN (null until the provider gives it). */
export interface Payee {
  name: string | null;
  iban: string | null;
}

export interface PaymentInstructions {
  channel: PaymentChannel;
  amountCents: number;
  /** What the client writes in the transfer's description so the provider can match it: the booking number. */
  reference: string;
  /** 'YYYY-MM-DD' (Europe/Rome). */
  dueDate: string;
  beneficiary: string | null;
  /** Electronic form ('IT60X0542811101000000123456'); null when the provider has not given one yet. */
  iban: string | null;
}

export interface PaymentProvider {
  readonly channel: PaymentChannel;
  /** What the client needs to pay this booking; only for a booking already confirmed (docs/product.md §1). */
  instructionsFor(booking: Booking, payee: Payee): PaymentInstructions;
}
