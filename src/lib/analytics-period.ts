import { addDays } from './booking-time.js';

/**
 * The periods /analytics and its CSV can show. A period is a range of calendar days in Europe/Rome, both ends
 * included; a booking belongs to it by the day it was received. Pure: the page, the CSV and the tests share it.
 */

export const PERIODS = ['30d', '3m', '12m', 'this_year', 'last_year', 'custom'] as const;
export type PeriodKind = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodKind = '12m';

/** A custom period may span at most this many days (three years): the monthly chart stays readable. */
export const MAX_PERIOD_DAYS = 3 * 366;
/** No booking of the platform is older. */
export const EARLIEST_DAY = '2000-01-01';

export interface Period {
  kind: PeriodKind;
  /** 'YYYY-MM-DD', included. */
  from: string;
  /** 'YYYY-MM-DD', included. */
  to: string;
}

/** 'YYYY-MM-01' of the month `by` months after the month of `day`. */
export function monthStart(day: string, by = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The calendar days between two dates, both included ('2026-01-01'..'2026-01-01' is 1). */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** The days of a named period ending today (Rome): the 30 days up to today, the last 3 or 12 months, … */
export function namedPeriod(kind: Exclude<PeriodKind, 'custom'>, today: string): Period {
  const year = today.slice(0, 4);
  switch (kind) {
    case '30d':
      return { kind, from: addDays(today, -29), to: today };
    case '3m':
      return { kind, from: monthStart(today, -2), to: today };
    case '12m':
      return { kind, from: monthStart(today, -11), to: today };
    case 'this_year':
      return { kind, from: `${year}-01-01`, to: today };
    case 'last_year':
      return { kind, from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` };
  }
}

/** The first day of each month the period touches, oldest first. */
export function monthsOf(period: Pick<Period, 'from' | 'to'>): string[] {
  const months: string[] = [];
  const last = monthStart(period.to);
  for (let m = monthStart(period.from); m <= last; m = monthStart(m, 1)) months.push(m);
  return months;
}

/** The query string that names a period (links to the CSV, back to the page). */
export function periodQuery(period: Period): string {
  return period.kind === 'custom' ? `period=custom&from=${period.from}&to=${period.to}` : `period=${period.kind}`;
}
