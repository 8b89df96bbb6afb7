import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import type { AnalyticsBooking, AnalyticsStatus, MonthRating } from '../lib/booking-analytics.js';
import { toCents } from '../lib/money.js';

// What /analytics reads: a provider's bookings received in a period and the reviews of its services.

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

interface BookingRow {
  id: string;
  booking_number: string;
  created_at: Date;
  month: string;
  received_on: string;
  requested_date: string;
  service_id: string;
  service_title: string;
  client_name: string | null;
  status: AnalyticsStatus;
  booking_type: 'instant' | 'on_request';
  total_amount: string;
  tax_amount: string;
  commission_amount: string | null;
  quoted_at: Date | null;
  confirmed_at: Date | null;
  rejected_at: Date | null;
}

const toBooking = (r: BookingRow): AnalyticsBooking => ({
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
  const rows = await db(trx)({ b: 'bookings' })
    .leftJoin({ s: 'services' }, 's.id', 'b.service_id')
    .leftJoin({ cp: 'client_profiles' }, 'cp.user_id', 'b.client_id')
    .leftJoin({ u: 'users' }, 'u.id', 'b.client_id')
    .where('b.provider_id', providerId)
    .where('b.created_at', '>=', from)
    .where('b.created_at', '<', to)
    .orderBy([{ column: 'b.created_at' }, { column: 'b.booking_number' }])
    .select<BookingRow[]>(columns(db(trx)));
  return rows.map(toBooking);
}

/** The verified reviews of the provider's services written in [from, to), per month (Europe/Rome). */
export async function ratingsByMonth(providerId: string, from: Date, to: Date, trx?: Trx): Promise<MonthRating[]> {
  const rows = await db(trx)({ r: 'reviews' })
    .join({ s: 'services' }, 's.id', 'r.service_id')
    .where('s.provider_id', providerId)
    .where('r.verified', true)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .groupByRaw('1')
    .orderByRaw('1')
    .select<{ month: string; count: number; sum: number }[]>(
      db(trx).raw(`to_char(date_trunc('month', r.created_at AT TIME ZONE 'Europe/Rome'), 'YYYY-MM-DD') AS month`),
      db(trx).raw('count(*)::int AS count'),
      db(trx).raw('sum(r.rating)::int AS sum'),
    );
  return rows.map((r) => ({ month: r.month, count: Number(r.count), sum: Number(r.sum) }));
}
