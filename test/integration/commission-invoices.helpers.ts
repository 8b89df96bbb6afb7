import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { romeInstant } from '../../src/lib/booking-time.js';
import { partitaIvaCheckDigit } from '../../src/lib/italian-tax-ids.js';
import { perform } from '../../src/services/booking-lifecycle.service.js';
import { currentMonth, shiftMonth } from '../../src/services/commission-statements.service.js';
import { createBooking } from '../factories/index.js';
import { clientAccount, providerAccount, service, type Account } from './booking.helpers.js';

/** Providers, bookings and refunds for the commission invoices' tests, in closed months. */

/** The month before the current one, and the one before it. */
export const lastMonth = (): string => shiftMonth(currentMonth(), -1);
export const monthBefore = (): string => shiftMonth(currentMonth(), -2);

let serial = 100;

/** A valid Partita IVA, a different one each call. */
export function partitaIva(): string {
  serial += 1;
  const first10 = `0${String(serial).padStart(6, '0')}001`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}

/** A provider whose profile has everything an invoice needs (unless `incomplete`), with a service and a client. */
export async function invoicedProvider(
  attrs: { businessName?: string; incomplete?: boolean } = {},
): Promise<Account & { businessName: string; vatNumber: string | null; serviceId: string; clientId: string }> {
  const provider = await providerAccount({ businessName: attrs.businessName });
  const vatNumber = attrs.incomplete ? null : partitaIva();
  await db()('provider_profiles')
    .where({ user_id: provider.id })
    .update({
      vat_number: vatNumber,
      address_street: attrs.incomplete ? null : 'Via Borgo Palazzo 12',
      address_postal_code: attrs.incomplete ? null : '24125',
      address_city: 'Bergamo',
      address_province: 'BG',
    });
  const serviceId = (await service(provider.id, { serviceType: 'instant', title: 'Corso Preposti' })).id;
  const client = await clientAccount();
  return { ...provider, vatNumber, serviceId, clientId: client.id };
}

/** A booking of `total` (VAT included) completed on the 11th of `month`; its id. */
export async function completedIn(
  p: { id: string; serviceId: string; clientId: string },
  month: string,
  total: string,
): Promise<string> {
  const booking = await createBooking({
    serviceId: p.serviceId,
    clientId: p.clientId,
    status: 'confirmed',
    totalAmount: total,
    requestedDate: `${month}-10`,
  });
  const done = await perform(
    'complete',
    booking.id,
    { id: p.id, userType: 'provider' },
    {},
    romeInstant(`${month}-11`, '12:00'),
  );
  expect(done.ok, 'completed').to.equal(true);
  return booking.id;
}

/** A refund recorded on `bookingId` at `at` (the month it belongs to is the recording's). */
export async function refundRecorded(bookingId: string, providerId: string, amount: string, at: Date): Promise<void> {
  await db()('booking_refunds').insert({
    booking_id: bookingId,
    amount,
    refunded_on: at.toISOString().slice(0, 10),
    reference: 'CRO 000123',
    recorded_by: providerId,
    created_at: at,
  });
}

/** The text of each element `name` in a FatturaPA XML, in order. */
export function xmlValues(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
}
