import { t } from '../config/i18n.js';
import type { UserType } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import type { AnalyticsData } from '../services/analytics.service.js';
import { statCards, type StatCard } from './booking-stats.page.js';

/** The statuses a provider's bookings can be in. */
const PROVIDER_STATUSES = [
  'pending',
  'quoted',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
] as const;

const monthLabel = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A bar's width in percent of the largest value (0 when everything is 0), for a style="width:…" attribute. */
const share = (value: number, max: number): number => (max > 0 ? Math.round((value / max) * 1000) / 10 : 0);

/** views/analytics/show.ejs: a provider's statistics, bookings per status and the last months. */
export interface AnalyticsView {
  title: string;
  noindex: true;
  stats: StatCard[];
  hasBookings: boolean;
  byStatus: { status: string; label: string; count: number; countLabel: string; percentLabel: string; bar: number }[];
  months: {
    /** The month's first day, YYYY-MM-DD. */
    month: string;
    label: string;
    received: number;
    completed: number;
    completedValue: string;
    receivedBar: number;
    completedBar: number;
  }[];
}

export function analyticsPage(data: AnalyticsData, userType: UserType): AnalyticsView {
  const { statistics, counts, months } = data;
  const maxStatus = Math.max(0, ...PROVIDER_STATUSES.map((s) => counts[s]));
  const maxMonth = Math.max(0, ...months.map((m) => Math.max(m.received, m.completed)));
  return {
    title: t('dashboard:analytics.title'),
    noindex: true,
    stats: statCards(userType, statistics),
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
