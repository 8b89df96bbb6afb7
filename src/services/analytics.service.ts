import { analyticsFigures, type AnalyticsBooking, type AnalyticsFigures } from '../lib/booking-analytics.js';
import { addDays, romeInstant } from '../lib/booking-time.js';
import { monthsOf, type Period } from '../lib/analytics-period.js';
import { ratingsByMonth } from '../models/reviews/read.js';
import * as analytics from '../models/bookings/analytics.js';

export type { AnalyticsBooking, AnalyticsFigures };

/** What /analytics shows of a provider's own bookings (src/pages/analytics.page.ts makes the page). */
export interface AnalyticsData {
  period: Period;
  figures: AnalyticsFigures;
}

/** The instants that bound a period's days in Rome: [its first day 00:00, the day after its last 00:00). */
function bounds(period: Period): [Date, Date] {
  return [romeInstant(period.from, '00:00'), romeInstant(addDays(period.to, 1), '00:00')];
}

/** The provider's bookings received in the period, oldest first: the page's figures and the CSV's rows. */
export async function periodBookings(providerId: string, period: Period): Promise<AnalyticsBooking[]> {
  const [from, to] = bounds(period);
  return analytics.bookingsReceived(providerId, from, to);
}

/** Every figure of the period, only from the provider's own bookings and the reviews of its own services. */
export async function analyticsData(providerId: string, period: Period): Promise<AnalyticsData> {
  const [from, to] = bounds(period);
  const [bookings, ratings] = await Promise.all([
    analytics.bookingsReceived(providerId, from, to),
    ratingsByMonth(providerId, from, to),
  ]);
  return { period, figures: analyticsFigures(bookings, monthsOf(period), ratings) };
}
