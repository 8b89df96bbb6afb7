import { t } from '../config/i18n.js';
import type { UserType } from '../lib/current-user.js';
import * as format from '../lib/format.js';
import type { BookingStatistics } from '../services/dashboard.service.js';

/** views/dashboard/_stats.ejs: one of the four statistic cards of the dashboard. */
export interface StatCard {
  key: 'total' | 'confirmed' | 'completionRate' | 'averageValue';
  label: string;
  value: string;
  hint: string;
}

/** The four cards: counts, completion rate with one decimal ("66,7%"), average value in whole euro. */
export function statCards(userType: UserType, s: BookingStatistics): StatCard[] {
  return [
    {
      key: 'total',
      label: t('dashboard:stats.total'),
      value: format.number(s.totalBookings),
      hint: t(`dashboard:stats.totalHint.${userType}`),
    },
    {
      key: 'confirmed',
      label: t('dashboard:stats.confirmed'),
      value: format.number(s.confirmedBookings),
      hint: t('dashboard:stats.confirmedHint'),
    },
    {
      key: 'completionRate',
      label: t('dashboard:stats.completionRate'),
      value: t('dashboard:stats.percent', { value: format.decimal1(s.completionRate) }),
      hint: t('dashboard:stats.completionRateHint', { count: s.completedBookings, sent: s.totalBookings }),
    },
    {
      key: 'averageValue',
      label: t('dashboard:stats.averageValue'),
      value: format.euro(s.averageBookingValueCents, 0),
      hint: t('dashboard:stats.averageValueHint'),
    },
  ];
}
