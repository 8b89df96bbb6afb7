import { expect } from 'chai';
import type { Booking } from '../../../../src/models/bookings/booking.js';
import { PAYMENT_TERM_DAYS } from '../../../../src/lib/payment-options.js';
import { bankTransfer, paymentDueDate } from '../../../../src/services/payments/bank-transfer.js';
import { paymentInstructions } from '../../../../src/services/payments/payments.js';

const booking = (changes: Partial<Booking>): Booking =>
  ({
    bookingNumber: 'BH123',
    status: 'confirmed',
    paymentStatus: 'pending',
    totalAmountCents: 122000,
    confirmedAt: new Date('2026-11-30T23:30:00Z'),
    createdAt: new Date('2026-11-20T10:00:00Z'),
    ...changes,
  }) as Booking;

describe('bank transfer payments', () => {
  it('falls due 30 days after the day (in Italy) the booking was confirmed', () => {
    expect(PAYMENT_TERM_DAYS).to.equal(30);
    // 23:30 UTC on 30 November is already 1 December in Rome.
    expect(paymentDueDate(booking({}))).to.equal('2026-12-31');
  });

  it("tells the client to transfer the total to the provider's IBAN with the booking number as reference", () => {
    expect(
      bankTransfer.instructionsFor(booking({}), { name: 'Studio Alfa', iban: 'IT60X0542811101000000123456' }),
    ).to.deep.equal({
      channel: 'bank_transfer',
      amountCents: 122000,
      reference: 'BH123',
      dueDate: '2026-12-31',
      beneficiary: 'Studio Alfa',
      iban: 'IT60X0542811101000000123456',
    });
  });

  it('gives instructions only once confirmed and while the payment is pending', () => {
    const payee = { name: 'Studio Alfa', iban: null };
    expect(paymentInstructions(booking({ status: 'pending' }), payee)).to.equal(null);
    expect(paymentInstructions(booking({ status: 'cancelled' }), payee)).to.equal(null);
    expect(paymentInstructions(booking({ paymentStatus: 'completed' }), payee)).to.equal(null);
    expect(paymentInstructions(booking({ status: 'completed' }), payee)?.iban).to.equal(null);
  });
});
