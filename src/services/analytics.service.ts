import { t } from '../config/i18n.js';
import type { CurrentUser } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import * as analytics from '../models/analytics.repo.js';
import * as bookings from '../models/booking-cards.repo.js';
import * as dashboard from '../models/dashboard.repo.js';
import { statCards } from './dashboard.service.js';

/** The statuses a provider's bookings can be in (a client's draft never reaches them). */
const PROVIDER_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;

export const ANALYTICS_MONTHS = 6;

const monthLabel = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A bar's width in percent of the largest value (0 when everything is 0), for a style="width:…" attribute. */
const share = (value: number, max: number): number => (max > 0 ? Math.round((value / max) * 1000) / 10 : 0);

/**
 * /analytics for a provider: the dashboard's four statistics, the bookings per status and the last six
 * months (received, completed, value of the completed), all from the provider's own bookings.
 */
export async function analyticsPage(user: CurrentUser) {
  const [statistics, counts, months] = await Promise.all([
    dashboard.bookingStatistics(user),
    bookings.countByStatusForUser(user),
    analytics.monthlyActivity(user.id, ANALYTICS_MONTHS),
  ]);
  const maxStatus = Math.max(0, ...PROVIDER_STATUSES.map((s) => counts[s]));
  const maxMonth = Math.max(0, ...months.map((m) => Math.max(m.received, m.completed)));
  return {
    title: t('dashboard:analytics.title'),
    noindex: true,
    stats: statCards(user.userType, statistics),
    hasBookings: statistics.totalBookings > 0,
    byStatus: PROVIDER_STATUSES.map((status) => ({
      status,
      label: t(`bookings:status.${status}`),
      count: counts[status],
      countLabel: format.number(counts[status]),
      percentLabel: t('dashboard:stats.percent', {
        value: format.decimal1(statistics.totalBookings > 0 ? (100 * counts[status]) / statistics.totalBookings : 0),
      }),
      bar: share(counts[status], maxStatus),
    })),
    months: months.map((m) => ({
      month: m.month,
      label: monthLabel.format(new Date(`${m.month}T12:00:00Z`)),
      received: m.received,
      completed: m.completed,
      completedValue: format.euro(m.completedValueCents, 0),
      receivedBar: share(m.received, maxMonth),
      completedBar: share(m.completed, maxMonth),
    })),
  };
}
