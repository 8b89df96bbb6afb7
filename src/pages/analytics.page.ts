import { statusLabelKey } from '../lib/booking-outcome.js';
import { t } from '../config/i18n.js';
import { PERIODS, periodQuery, type Period } from '../lib/analytics-period.js';
import { BOOKING_STATUSES, type Rate, type ListingFigures } from '../lib/booking-analytics.js';
import * as format from '../lib/format.js';
import type { AnalyticsData } from '../services/analytics.service.js';
import type { PeriodFormValues } from '../validators/analytics.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { analyticsCharts, monthLabel, ratingLabel, type AnalyticsCharts } from './analytics-charts.page.js';

/** views/analytics/show.ejs: the period form and, for a valid period, its figures, charts and tables. */

const A = 'analytics';
const NONE = (): string => t(`${A}:cards.none`);

export interface AnalyticsCard {
  key: 'received' | 'revenue' | 'averageValue' | 'rating';
  label: string;
  value: string;
  hint: string;
}

export interface RateRow {
  key: 'answered' | 'medianAnswer' | 'acceptance' | 'rejection' | 'cancellation' | 'noShow';
  label: string;
  value: string;
  basis: string;
}

export interface ListingRow {
  title: string;
  href: string;
  bookings: string;
  revenue: string;
  bar: number;
}

export interface AnalyticsResult {
  rangeLabel: string;
  csvHref: string;
  empty: boolean;
  cards: AnalyticsCard[];
  charts: AnalyticsCharts;
  months: { month: string; label: string; received: string; completed: string; revenue: string }[];
  monthTotals: { received: string; completed: string; revenue: string };
  rates: RateRow[];
  ratings: { month: string; label: string; average: string; count: string }[];
  topByRevenue: ListingRow[];
  topByBookings: ListingRow[];
  byStatus: { status: string; label: string; count: string; share: string; bar: number }[];
  help: string[];
}

export interface AnalyticsView {
  title: string;
  noindex: true;
  form: { values: PeriodFormValues; errors: FormErrors; options: { value: string; label: string }[] };
  result: AnalyticsResult | null;
}

const percent = (value: number | null): string =>
  value === null ? NONE() : t('dashboard:stats.percent', { value: format.decimal1(value) });

/** A bar's width in percent of the largest value (0 when everything is 0). */
const share = (value: number, max: number): number => (max > 0 ? Math.round((value / max) * 1000) / 10 : 0);

/** Minutes as a person reads a wait: '45 min', '3 h 20 min', '2 g 4 h'. */
export function duration(minutes: number | null): string {
  if (minutes === null) return NONE();
  const m = Math.round(minutes);
  if (m < 60) return t(`${A}:requests.minutes`, { minutes: m });
  if (m < 24 * 60) return t(`${A}:requests.hoursMinutes`, { hours: Math.floor(m / 60), minutes: m % 60 });
  return t(`${A}:requests.daysHours`, { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60) });
}

function rateRow(key: RateRow['key'], r: Rate, basisKey: string): RateRow {
  return {
    key,
    label: t(`${A}:requests.${key}`),
    value: percent(r.percent),
    basis: t(`${A}:requests.${basisKey}`, { n: r.count, count: r.of }),
  };
}

function listingRows(list: readonly ListingFigures[], by: 'bookings' | 'revenueCents'): ListingRow[] {
  const max = Math.max(0, ...list.map((s) => s[by]));
  return list.map((s) => ({
    title: s.title,
    href: `/services/${s.listingId}`,
    bookings: format.number(s.bookings),
    revenue: format.euro(s.revenueCents),
    bar: share(s[by], max),
  }));
}

function cards(f: AnalyticsData['figures']): AnalyticsCard[] {
  const C = `${A}:cards`;
  return [
    {
      key: 'received',
      label: t(`${C}.received`),
      value: format.number(f.received),
      hint: t(`${C}.receivedHint`, { count: f.completed }),
    },
    {
      key: 'revenue',
      label: t(`${C}.revenue`),
      value: format.euro(f.revenue.netCents),
      hint: t(`${C}.revenueHint`, { commission: format.euro(f.revenue.commissionCents) }),
    },
    {
      key: 'averageValue',
      label: t(`${C}.averageValue`),
      value: f.averageValueCents === null ? NONE() : format.euro(f.averageValueCents),
      hint: t(`${C}.averageValueHint`),
    },
    {
      key: 'rating',
      label: t(`${C}.rating`),
      value: f.rating.average === null ? NONE() : t(`${C}.ratingValue`, { value: ratingLabel(f.rating.average) }),
      hint: t(`${C}.ratingHint`, { count: f.rating.count }),
    },
  ];
}

function result({ period, figures: f }: AnalyticsData): AnalyticsResult {
  const R = 'requests';
  const maxStatus = Math.max(0, ...BOOKING_STATUSES.map((s) => f.byStatus[s]));
  return {
    rangeLabel: t(`${A}:period.range`, { from: format.date(period.from), to: format.date(period.to) }),
    csvHref: `/analytics/bookings.csv?${periodQuery(period)}`,
    empty: f.received === 0,
    cards: cards(f),
    charts: analyticsCharts(f.months),
    months: f.months.map((m) => ({
      month: m.month,
      label: monthLabel(m.month),
      received: format.number(m.received),
      completed: format.number(m.completed),
      revenue: format.euro(m.revenueCents),
    })),
    monthTotals: {
      received: format.number(f.received),
      completed: format.number(f.completed),
      revenue: format.euro(f.revenue.netCents),
    },
    rates: [
      {
        key: 'answered',
        label: t(`${A}:${R}.answered`),
        value: percent(f.requests.received > 0 ? (100 * f.requests.answered) / f.requests.received : null),
        basis: t(`${A}:${R}.ofRequests`, { n: f.requests.answered, count: f.requests.received }),
      },
      {
        key: 'medianAnswer',
        label: t(`${A}:${R}.medianAnswer`),
        value: duration(f.medianAnswerMinutes),
        basis: t(`${A}:${R}.ofAnswered`, { count: f.requests.answered }),
      },
      rateRow('acceptance', f.acceptance, 'ofRequests'),
      rateRow('rejection', f.rejection, 'ofRequests'),
      rateRow('cancellation', f.cancellation, 'ofConfirmed'),
      rateRow('noShow', f.noShow, 'ofConcluded'),
    ],
    ratings: f.months.map((m) => ({
      month: m.month,
      label: monthLabel(m.month),
      average: m.ratingAverage === null ? NONE() : ratingLabel(m.ratingAverage),
      count: format.number(m.ratingCount),
    })),
    topByRevenue: listingRows(f.topByRevenue, 'revenueCents'),
    topByBookings: listingRows(f.topByBookings, 'bookings'),
    byStatus: BOOKING_STATUSES.map((status) => ({
      status,
      label: t(statusLabelKey(status, 'provider')),
      count: format.number(f.byStatus[status]),
      share: percent(f.received > 0 ? (100 * f.byStatus[status]) / f.received : null),
      bar: share(f.byStatus[status], maxStatus),
    })),
    help: [
      'period',
      'revenue',
      'averageValue',
      'requests',
      'acceptance',
      'rejection',
      'cancellation',
      'noShow',
      'rating',
      'csv',
    ].map((key) => t(`${A}:help.${key}`)),
  };
}

function formOf(values: PeriodFormValues, errors: FormErrors): AnalyticsView['form'] {
  return { values, errors, options: PERIODS.map((p) => ({ value: p, label: t(`${A}:period.options.${p}`) })) };
}

/** The page of a valid period: the form shows it (a named period keeps its dates empty). */
export function analyticsPage(data: AnalyticsData): AnalyticsView {
  const p: Period = data.period;
  const values = { period: p.kind, from: p.kind === 'custom' ? p.from : '', to: p.kind === 'custom' ? p.to : '' };
  return { title: t(`${A}:title`), noindex: true, form: formOf(values, {}), result: result(data) };
}

/** The page of a period that does not hold: the form again, as typed, with the messages beside its fields. */
export function invalidPeriodPage(values: PeriodFormValues, errors: FormErrors): AnalyticsView {
  return { title: t(`${A}:title`), noindex: true, form: formOf(values, errors), result: null };
}
