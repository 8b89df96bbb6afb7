import { t } from '../config/i18n.js';
import type { MonthFigures } from '../lib/booking-analytics.js';
import * as format from '../lib/format.js';
import { chart, type ChartModel } from '../lib/svg-chart.js';

/** The three charts of /analytics (views/analytics/_chart.ejs draws them), from the months of the period. */

const monthLong = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('it-IT', { month: 'short', timeZone: 'UTC' });

const asDate = (month: string): Date => new Date(`${month}T12:00:00Z`);

/** 'novembre 2026' */
export const monthLabel = (month: string): string => monthLong.format(asDate(month));

/**
 * 'nov', with the year's two digits on every January ('gen 26'), or on the first month when the period has
 * no January (labels side by side have no room for two years).
 */
export function axisMonth(month: string, index: number, months: readonly { month: string }[]): string {
  const short = monthShort.format(asDate(month)).replace('.', '');
  const january = month.slice(5, 7) === '01';
  const first = index === 0 && !months.some((m) => m.month.slice(5, 7) === '01');
  return january || first ? `${short} ${month.slice(2, 4)}` : short;
}

/** The rating with one decimal ('4,5'). */
export const ratingLabel = (value: number): string => format.decimal1(value);

const compact = new Intl.NumberFormat('it-IT', { notation: 'compact', maximumFractionDigits: 1 });

export interface AnalyticsCharts {
  bookings: ChartModel;
  revenue: ChartModel;
  ratings: ChartModel;
}

export function analyticsCharts(months: readonly MonthFigures[]): AnalyticsCharts {
  const M = 'analytics:monthly';
  const xAxisLabel = t(`${M}.axisMonth`);
  return {
    bookings: chart({
      kind: 'bar',
      title: t(`${M}.bookingsChart`),
      description: t(`${M}.bookingsChartDesc`),
      xAxisLabel,
      yAxisLabel: t(`${M}.axisBookings`),
      points: months.map((m, i) => ({
        label: axisMonth(m.month, i, months),
        value: m.received,
        valueLabel: format.number(m.received),
      })),
      tickLabel: (v) => format.number(v),
    }),
    revenue: chart({
      kind: 'bar',
      title: t(`${M}.revenueChart`),
      description: t(`${M}.revenueChartDesc`),
      xAxisLabel,
      yAxisLabel: t(`${M}.axisRevenue`),
      // Whole euro on the axis; the table and the titles carry the cents.
      points: months.map((m, i) => ({
        label: axisMonth(m.month, i, months),
        value: m.revenueCents / 100,
        valueLabel: format.euro(m.revenueCents),
      })),
      tickLabel: (v) => `${compact.format(v)} €`,
    }),
    ratings: chart({
      kind: 'line',
      title: t('analytics:ratings.chart'),
      description: t('analytics:ratings.chartDesc'),
      xAxisLabel,
      yAxisLabel: t('analytics:ratings.axisRating'),
      points: months.map((m, i) => ({
        label: axisMonth(m.month, i, months),
        value: m.ratingAverage,
        valueLabel: m.ratingAverage === null ? t('analytics:cards.none') : ratingLabel(m.ratingAverage),
      })),
      tickLabel: (v) => format.number(v),
      max: 5,
    }),
  };
}
