import { db, type Trx } from '../db/knex.js';
import type { UserType } from '../lib/current-user.js';
import { ownedBy } from './bookings.repo.js';

/** Whose figures: a client's own bookings (client_id), or the bookings of a provider's services (provider_id). */
export interface StatisticsOwner {
  id: string;
  userType: UserType;
}

/**
 * The four figures of the dashboard (SPEC §3 "Booking analytics"), always of ONE user — clients too
 * (the old app showed clients platform-wide figures).
 *
 * - totalBookings: the bookings the user finds in /bookings ("Tutte"): a client's own bookings, a
 *   provider's received bookings.
 * - confirmedBookings: those whose status is confirmed right now (accepted, not yet carried out) — the
 *   "Confermate" tab of /bookings.
 * - completionRate: completed / all × 100, one decimal. 0 when there is none.
 * - averageBookingValueCents: the mean total (VAT included) of the bookings that were not
 *   cancelled (pending, quoted, confirmed, in_progress, completed, no_show): what a booking is worth when it
 *   goes ahead. Cancelled and rejected ones carry no value. 0 when there is none. Rounded to the cent.
 */
export interface BookingStatistics {
  totalBookings: number;
  confirmedBookings: number;
  completedBookings: number;
  completionRate: number;
  averageBookingValueCents: number;
}

interface StatisticsRow {
  total_bookings: number;
  confirmed_bookings: number;
  completed_bookings: number;
  completion_rate: string;
  average_value_cents: string;
}

const toStatistics = (row: StatisticsRow | undefined): BookingStatistics => ({
  totalBookings: Number(row?.total_bookings ?? 0),
  confirmedBookings: Number(row?.confirmed_bookings ?? 0),
  completedBookings: Number(row?.completed_bookings ?? 0),
  completionRate: Number(row?.completion_rate ?? 0),
  averageBookingValueCents: Number(row?.average_value_cents ?? 0),
});

/** The four statistics in one aggregate query over the owner's bookings. */
export async function bookingStatistics(owner: StatisticsOwner, trx?: Trx): Promise<BookingStatistics> {
  const k = db(trx);
  const q = k({ b: 'bookings' }).first<StatisticsRow | undefined>(
    k.raw('count(*)::int AS total_bookings'),
    k.raw(`(count(*) FILTER (WHERE b.status = 'confirmed'))::int AS confirmed_bookings`),
    k.raw(`(count(*) FILTER (WHERE b.status = 'completed'))::int AS completed_bookings`),
    k.raw(
      `coalesce(round(100.0 * count(*) FILTER (WHERE b.status = 'completed')
                 / nullif(count(*), 0), 1), 0)::text AS completion_rate`,
    ),
    k.raw(
      `coalesce(round(100 * avg(b.total_amount) FILTER (WHERE b.status <> 'cancelled')), 0)::text
         AS average_value_cents`,
    ),
  );
  return toStatistics(await ownedBy(q, owner));
}
