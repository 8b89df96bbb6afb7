import { holidayDates } from '../../src/services/italian-holidays.service.js';
/**
 * Dates of the demo data, relative to one reference day (today in Europe/Rome unless a test fixes it):
 * upcoming bookings stay in the future and completed ones in the past, whatever the day the seed runs.
 * Every timestamp the seed writes is at least one day before the reference, so none is in the future.
 */
export class Clock {
  /** 'YYYY-MM-DD' of the reference day. */
  readonly today: string;

  constructor(now: Date) {
    this.today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  }

  /** The calendar date `days` after the reference (negative: before). */
  day(days: number): string {
    return addDays(this.today, days);
  }

  /** The instant of a wall-clock time in Rome on the date `days` after the reference. */
  at(days: number, time: string): string {
    return romeInstant(this.day(days), time);
  }
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (both 'YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
}

/** 0 Sunday ... 6 Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The same date, or the next Monday when it falls on a weekend (courses and visits run on weekdays). */
export function workingDay(date: string): string {
  // Monday to Friday and not an Italian public holiday: when the demo providers (default hours) work.
  let day = date;
  while (weekday(day) === 6 || weekday(day) === 0 || holidayDates(day, day).has(day)) day = addDays(day, 1);
  return day;
}

/** The last Sunday of a month (EU summer time starts and ends on one). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** ISO instant with the Europe/Rome offset of that date (+02:00 in summer time, +01:00 otherwise). */
export function romeInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const summer =
    (month > 3 && month < 10) ||
    (month === 3 && day >= lastSunday(year, 3)) ||
    (month === 10 && day < lastSunday(year, 10));
  return `${date}T${time.length === 5 ? `${time}:00` : time}${summer ? '+02:00' : '+01:00'}`;
}

/** 'HH:MM' plus a number of hours, or null when it would pass 20:00 (the course spans several days). */
export function endTime(start: string, hours: number): string | null {
  const [h, m] = start.split(':').map(Number) as [number, number];
  // A lunch break of one hour is counted in day-long courses.
  const total = h * 60 + m + Math.round(hours * 60) + (hours >= 6 ? 60 : 0);
  if (total > 20 * 60) return null;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
