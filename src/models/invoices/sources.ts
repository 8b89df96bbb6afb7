import { db, type Trx } from '../../db/knex.js';
import { toCents } from '../../lib/money.js';
import type { ProviderRow } from '../providers/row.js';

// What the platform's invoices are drawn from: the bookings that carry a commission, their refunds, and the
// provider's profile (the customer of the invoice).

/**
 * The providers with something to invoice for [from, to): a booking completed with a commission, or a refund
 * recorded on a booking that carries one.
 */
export async function providersWithCommissions(from: Date, to: Date, trx?: Trx): Promise<string[]> {
  const k = db(trx);
  const completed = k('bookings')
    .whereNotNull('commission_amount')
    .where('completed_at', '>=', from)
    .where('completed_at', '<', to)
    .select('provider_id');
  const refunded = k('booking_refunds as r')
    .join('bookings as b', 'b.id', 'r.booking_id')
    .whereNotNull('b.commission_amount')
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .select('b.provider_id');
  const rows = await k
    .select<{ provider_id: string }[]>('provider_id')
    .from(completed.union(refunded).as('p'))
    .orderBy('provider_id');
  return rows.map((r) => r.provider_id);
}

/** A booking with a commission and the refunds recorded on it before and up to the end of a month. */
export interface RefundedCommission {
  bookingId: string;
  bookingNumber: string;
  service: string;
  totalAmountCents: number;
  commissionCents: number;
  /** Given back by the refunds recorded before the month. */
  refundedBeforeCents: number;
  /** Given back by the refunds recorded up to the month's end. */
  refundedUntilCents: number;
  lastRefundAt: Date;
}

/** The provider's bookings with a commission that had a refund recorded in [from, to). */
export async function refundedCommissions(
  providerId: string,
  from: Date,
  to: Date,
  trx?: Trx,
): Promise<RefundedCommission[]> {
  const rows = await db(trx)('bookings as b')
    .join('booking_refunds as r', 'r.booking_id', 'b.id')
    .where('b.provider_id', providerId)
    .whereNotNull('b.commission_amount')
    .where('r.created_at', '<', to)
    .groupBy('b.id', 'b.booking_number', 'b.service_title', 'b.total_amount', 'b.commission_amount')
    .havingRaw('max(r.created_at) >= ?', [from])
    .orderBy([{ column: 'b.booking_number' }])
    .select<
      {
        id: string;
        booking_number: string;
        service_title: string;
        total_amount: string;
        commission_amount: string;
        refunded_before: string;
        refunded_until: string;
        last_at: Date;
      }[]
    >(
      'b.id',
      'b.booking_number',
      'b.service_title',
      'b.total_amount',
      'b.commission_amount',
      db(trx).raw('coalesce(sum(r.amount) FILTER (WHERE r.created_at < ?), 0) AS refunded_before', [from]),
      db(trx).raw('sum(r.amount) AS refunded_until'),
      db(trx).raw('max(r.created_at) AS last_at'),
    );
  return rows.map((r) => ({
    bookingId: r.id,
    bookingNumber: r.booking_number,
    service: r.service_title,
    totalAmountCents: toCents(r.total_amount),
    commissionCents: toCents(r.commission_amount),
    refundedBeforeCents: toCents(r.refunded_before),
    refundedUntilCents: toCents(r.refunded_until),
    lastRefundAt: new Date(r.last_at),
  }));
}

/** What the provider's profile says of it as the customer of an invoice (nulls where it says nothing). */
export interface InvoiceParty {
  name: string | null;
  vatNumber: string | null;
  fiscalCode: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  country: string;
  /** Where it receives the invoice: its codice destinatario SDI, or instead its PEC (null: not given). */
  sdiCode: string | null;
  pec: string | null;
}

const PARTY_KEYS = [
  'business_name',
  'vat_number',
  'fiscal_code',
  'address_street',
  'address_postal_code',
  'address_city',
  'address_province',
  'address_country',
  'sdi_code',
  'pec',
] as const;

export async function findInvoiceParty(providerId: string, trx?: Trx): Promise<InvoiceParty | null> {
  const row = await db(trx)('provider_profiles')
    .where({ user_id: providerId })
    .first<Pick<ProviderRow, (typeof PARTY_KEYS)[number]> | undefined>(PARTY_KEYS);
  if (!row) return null;
  return {
    name: row.business_name,
    vatNumber: row.vat_number,
    fiscalCode: row.fiscal_code,
    street: row.address_street,
    postalCode: row.address_postal_code,
    city: row.address_city,
    province: row.address_province,
    country: row.address_country ?? 'IT',
    sdiCode: row.sdi_code,
    pec: row.pec,
  };
}
