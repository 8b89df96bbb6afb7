import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import type { AnalyticsBooking } from '../../lib/booking-analytics.js';
import { toCents } from '../../lib/money.js';
import { seenByProvider } from './read.js';
import type { BookingRow } from './row.js';

// What /analytics reads of a provider's bookings: those received in a period (the ratings by month:
// reviews/read.ts).

const columns = (k: Knex): (string | Knex.Raw)[] => [
  'b.id',
  'b.booking_number',
  'b.created_at',
  k.raw(`to_char(date_trunc('month', b.created_at AT TIME ZONE 'Europe/Rome'), 'YYYY-MM-DD') AS month`),
  k.raw(`to_char(b.created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS received_on`),
  'b.requested_date',
  'b.service_id',
  // The service's title today, so a renamed service is one line of the top lists.
  k.raw('coalesce(s.title, b.service_title) AS service_title'),
  k.raw('coalesce(cp.company_name, u.company_name) AS client_name'),
  'b.status',
  'b.booking_type',
  'b.total_amount',
  'b.tax_amount',
  'b.commission_amount',
  'b.quoted_at',
  'b.confirmed_at',
  'b.rejected_at',
];

/**
 * The booking's columns (its listing's title today, when the listing still exists), its client's company
 * name and the Rome month and day it was received.
 */
type ReceivedRow = Pick<
  BookingRow,
  | 'id'
  | 'booking_number'
  | 'created_at'
  | 'requested_date'
  | 'service_id'
  | 'service_title'
  | 'status'
  | 'booking_type'
  | 'total_amount'
  | 'tax_amount'
  | 'commission_amount'
  | 'quoted_at'
  | 'confirmed_at'
  | 'rejected_at'
> & { month: string; received_on: string; client_name: string | null };

const toBooking = (r: ReceivedRow): AnalyticsBooking => ({
  id: r.id,
  bookingNumber: r.booking_number,
  createdAt: r.created_at,
  month: r.month,
  receivedOn: r.received_on,
  requestedDate: r.requested_date,
  listingId: r.service_id,
  listingTitle: r.service_title,
  clientName: r.client_name,
  status: r.status,
  bookingType: r.booking_type,
  totalAmountCents: toCents(r.total_amount),
  taxAmountCents: toCents(r.tax_amount),
  commissionCents: r.commission_amount === null ? null : toCents(r.commission_amount),
  quotedAt: r.quoted_at,
  confirmedAt: r.confirmed_at,
  rejectedAt: r.rejected_at,
});

/** The provider's bookings received in [from, to), oldest first (index bookings(provider_id, created_at)). */
export async function bookingsReceived(
  providerId: string,
  from: Date,
  to: Date,
  trx?: Trx,
): Promise<AnalyticsBooking[]> {
  const rows = await seenByProvider(db(trx)({ b: 'bookings' }))
    .leftJoin({ s: 'services' }, 's.id', 'b.service_id')
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
    .leftJoin({ u: 'users' }, 'u.id', 'b.client_id')
    .where('b.provider_id', providerId)
    .where('b.created_at', '>=', from)
    .where('b.created_at', '<', to)
    .orderBy([{ column: 'b.created_at' }, { column: 'b.booking_number' }])
    .select<ReceivedRow[]>(columns(db(trx)));
  return rows.map(toBooking);
}
