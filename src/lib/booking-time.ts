/**
 * Wall-clock times in Europe/Rome and the instants they name. A booking is requested for a local date and
 * time ("3 dicembre, 09:30"); rules that compare it with now (the 24-hour cancellation window, "after its
 * start") need the exact instant, summer time included. Pure: Intl only.
 */
import { TIME_ZONE } from './format.js';

export interface LocalDateTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });
const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes east of UTC in Rome at that instant: 60 in winter, 120 in summer. */
export function romeOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function parse(date: string, time: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, mo - 1, d, h, mi);
}

/**
 * The instant of a wall-clock time in Rome. A time skipped by the spring change (02:30 on the last Sunday
 * of March) is read with the winter offset, i.e. one hour later on the clock; a time that happens twice
 * in autumn is the first one.
 */
export function romeInstant(date: string, time: string): Date {
  const wall = parse(date, time);
  const offsets = [
    ...new Set([
      romeOffsetMinutes(new Date(wall - 12 * 3_600_000)),
      romeOffsetMinutes(new Date(wall + 12 * 3_600_000)),
    ]),
  ];
  const hhmm = time.slice(0, 5);
  const matching = offsets
    .map((o) => wall - o * 60_000)
    .filter((t) => {
      const local = romeLocal(new Date(t));
      return local.date === date && local.time === hhmm;
    });
  if (matching.length > 0) return new Date(Math.min(...matching));
  return new Date(wall - Math.min(...offsets) * 60_000);
}

/** The minute of the last instant romeLocal read, and its wall clock. */
let lastMinute = Number.NaN;
let lastLocal: LocalDateTime = { date: '', time: '' };

/**
 * The Rome wall clock at an instant. Every request asks for the current minute several times (today's date,
 * the wizard's rules) and Intl's formatToParts is dear: the last minute's answer is kept (Rome's offset only
 * changes on the hour, so one minute has one wall clock).
 */
export function romeLocal(instant: Date): LocalDateTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastMinute) {
    const p = Object.fromEntries(partsFormat.formatToParts(instant).map((x) => [x.type, x.value]));
    lastLocal = { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
    lastMinute = minute;
  }
  return { ...lastLocal };
}

/** Today's date in Rome as 'YYYY-MM-DD' (bookings may not be requested before it): the one "today" of server and islands. */
export function todayInRome(now: Date = new Date()): string {
  return romeLocal(now).date;
}

/** The Rome wall clock `minutes` after a local date and time (real elapsed time, across clock changes). */
export function addMinutes(start: LocalDateTime, minutes: number): LocalDateTime {
  return romeLocal(new Date(romeInstant(start.date, start.time).getTime() + minutes * 60_000));
}

/** The calendar date `days` after a 'YYYY-MM-DD' date (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
