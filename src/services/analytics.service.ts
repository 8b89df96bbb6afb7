import type { CurrentUser } from '../lib/current-user.js';
import * as analytics from '../models/analytics.repo.js';
import type { MonthActivity } from '../models/analytics.repo.js';
import * as bookings from '../models/booking-cards.repo.js';
import type { BookingCounts } from '../models/booking-cards.repo.js';
import * as dashboard from '../models/dashboard.repo.js';
import type { BookingStatistics } from '../models/dashboard.repo.js';

const ANALYTICS_MONTHS = 6;

/** What /analytics shows of a provider's own bookings (src/pages/analytics.page.ts makes the page). */
export interface AnalyticsData {
  statistics: BookingStatistics;
  counts: BookingCounts;
  /** The last ANALYTICS_MONTHS months, oldest first. */
  months: MonthActivity[];
}

/** The dashboard's four statistics, the bookings per status and the last six months, read together. */
export async function analyticsData(user: CurrentUser): Promise<AnalyticsData> {
  const [statistics, counts, months] = await Promise.all([
    dashboard.bookingStatistics(user),
    bookings.countByStatusForUser(user),
    analytics.monthlyActivity(user.id, ANALYTICS_MONTHS),
  ]);
  return { statistics, counts, months };
}
