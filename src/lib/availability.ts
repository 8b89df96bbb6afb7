/**
 * When a service can be booked: the one rule, shared by the server (booking creation, the availability
 * endpoint, the wizard without JavaScript) and nothing else. Pure: the provider's calendar comes in as data,
 * the Italian public holidays already resolved (src/services/italian-holidays.service.ts).
 *
 * All times are Rome wall-clock times ('HH:MM'), and durations count opening minutes on the clock: an
 * opening interval 09:00–13:00 is four hours also on the days the clocks change (at 02:00/03:00, outside
 * any sensible opening hours).
 *
 * The rule for a service of D hours starting at `time` on `date`:
 * - the day is open: not a weekly closed day, not in a closed period, not a public holiday the provider
 *   did not choose to work on;
 * - the start lies inside an opening interval;
 * - when D fits in the interval it starts in, the service runs there;
 * - otherwise it must start when an interval opens and runs on through the day's following intervals,
 *   pausing over the breaks (an 8-hour course 09:00–13:00 and 14:00–18:00), ending by the day's closing;
 * - a service longer than the whole day's opening hours starts at the day's opening and goes on, at the
 *   opening of each next working day (closed days skipped), until its hours are done.
 */
import { addDays } from './booking-time.js';

export interface Interval {
  /** 'HH:MM', from < to */
  from: string;
  to: string;
}

/** ISO weekday 1 (Monday) … 7 (Sunday). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
/** At most two opening intervals a day (morning and afternoon). */
export const MAX_INTERVALS = 2;

export type WeeklyHours = Record<Weekday, Interval[]>;

export interface Closure {
  startsOn: string;
  endsOn: string;
}

export interface ProviderCalendar {
  weekly: WeeklyHours;
  closures: readonly Closure[];
  /** Public holidays ('YYYY-MM-DD') in the period looked at: closed unless in openHolidays. */
  holidays: ReadonlySet<string>;
  openHolidays: ReadonlySet<string>;
}

/** One working day of a booking, on the Rome clock. */
export interface BookingDay {
  date: string;
  start: string;
  end: string;
}

export type SlotProblem = 'closedDay' | 'outsideHours' | 'doesNotFit' | 'startAtOpening';
export type Slot = { ok: true; days: BookingDay[] } | { ok: false; problem: SlotProblem };

const WORKDAY: Interval[] = [
  { from: '09:00', to: '13:00' },
  { from: '14:00', to: '18:00' },
];

/** The default for every provider until they set their own: Monday to Friday, 09:00–13:00 and 14:00–18:00. */
export function defaultWeeklyHours(): WeeklyHours {
  return { 1: [...WORKDAY], 2: [...WORKDAY], 3: [...WORKDAY], 4: [...WORKDAY], 5: [...WORKDAY], 6: [], 7: [] };
}

/** How many days the wizard offers at once, and the most one request of the availability endpoint may ask. */
export const AVAILABILITY_WINDOW_DAYS = 62;
export const AVAILABILITY_MAX_DAYS = 92;
/** How far a course of several days may stretch looking for its next working day. */
const MAX_SPAN_DAYS = 60;
/** The step of the start times offered. */
export const START_STEP_MINUTES = 30;

export const toMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const toTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

export function isHolidayClosed(cal: ProviderCalendar, date: string): boolean {
  return cal.holidays.has(date) && !cal.openHolidays.has(date);
}

export function isInClosure(cal: ProviderCalendar, date: string): boolean {
  return cal.closures.some((c) => c.startsOn <= date && date <= c.endsOn);
}

/** The day's opening intervals, in order; none when the provider does not work that day. */
export function dayIntervals(cal: ProviderCalendar, date: string): Interval[] {
  if (isHolidayClosed(cal, date) || isInClosure(cal, date)) return [];
  return [...(cal.weekly[weekdayOf(date)] ?? [])].sort((a, b) => a.from.localeCompare(b.from));
}

const openMinutes = (intervals: readonly Interval[]): number =>
  intervals.reduce((sum, i) => sum + toMinutes(i.to) - toMinutes(i.from), 0);

/** The most hours the provider is open in one day of the week (a longer service takes several days). */
export function longestDayHours(weekly: WeeklyHours): number {
  return Math.max(0, ...WEEKDAYS.map((d) => openMinutes(weekly[d]))) / 60;
}

/** Runs `minutes` of work from `start` through the intervals (from the one it starts in); the end, or null. */
function runThrough(intervals: readonly Interval[], index: number, start: number, minutes: number): number | null {
  let left = minutes;
  let from = start;
  for (let i = index; i < intervals.length; i += 1) {
    const to = toMinutes(intervals[i]!.to);
    if (i > index) from = toMinutes(intervals[i]!.from);
    if (to - from >= left) return from + left;
    left -= to - from;
  }
  return null;
}

/** The working days of a service of `durationHours` starting at `time` on `date`, or why it cannot start there. */
export function bookingSlot(cal: ProviderCalendar, date: string, time: string, durationHours: number): Slot {
  const intervals = dayIntervals(cal, date);
  if (intervals.length === 0) return { ok: false, problem: 'closedDay' };
  const start = toMinutes(time);
  const index = intervals.findIndex((i) => toMinutes(i.from) <= start && start < toMinutes(i.to));
  if (index < 0) return { ok: false, problem: 'outsideHours' };
  const minutes = Math.round(durationHours * 60);
  const current = intervals[index]!;
  if (start + minutes <= toMinutes(current.to)) {
    return { ok: true, days: [{ date, start: time, end: toTime(start + minutes) }] };
  }
  if (start !== toMinutes(current.from)) {
    return { ok: false, problem: minutes > openMinutes(intervals) ? 'startAtOpening' : 'doesNotFit' };
  }
  const sameDay = runThrough(intervals, index, start, minutes);
  if (sameDay !== null) return { ok: true, days: [{ date, start: time, end: toTime(sameDay) }] };
  if (index !== 0) return { ok: false, problem: 'startAtOpening' };
  return severalDays(cal, date, intervals, minutes);
}

/** A service longer than its first day: whole working days, then what is left from the next day's opening. */
function severalDays(cal: ProviderCalendar, first: string, firstIntervals: Interval[], minutes: number): Slot {
  const days: BookingDay[] = [];
  let left = minutes;
  let date = first;
  let intervals = firstIntervals;
  for (let step = 0; step <= MAX_SPAN_DAYS; step += 1) {
    if (intervals.length > 0) {
      const open = openMinutes(intervals);
      const from = intervals[0]!.from;
      if (open >= left) {
        days.push({ date, start: from, end: toTime(runThrough(intervals, 0, toMinutes(from), left)!) });
        return { ok: true, days };
      }
      days.push({ date, start: from, end: intervals[intervals.length - 1]!.to });
      left -= open;
    }
    date = addDays(date, 1);
    intervals = dayIntervals(cal, date);
  }
  return { ok: false, problem: 'doesNotFit' };
}

/** The start times offered on a date (every START_STEP_MINUTES from each opening), later than `after` if given. */
export function startTimes(cal: ProviderCalendar, date: string, durationHours: number, after?: string): string[] {
  const times: string[] = [];
  for (const interval of dayIntervals(cal, date)) {
    for (let m = toMinutes(interval.from); m < toMinutes(interval.to); m += START_STEP_MINUTES) {
      const time = toTime(m);
      if (after !== undefined && time <= after) continue;
      if (bookingSlot(cal, date, time, durationHours).ok) times.push(time);
    }
  }
  return times;
}

export interface AvailableDate {
  date: string;
  times: string[];
}

/**
 * The dates from `from` for `days` days on which the service can start, with their start times; today's
 * times only after `now` (both on the Rome clock).
 */
export function availableDates(
  cal: ProviderCalendar,
  durationHours: number,
  from: string,
  days: number,
  now: { date: string; time: string },
): AvailableDate[] {
  const out: AvailableDate[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(from, i);
    if (date < now.date) continue;
    const times = startTimes(cal, date, durationHours, date === now.date ? now.time : undefined);
    if (times.length > 0) out.push({ date, times });
  }
  return out;
}
