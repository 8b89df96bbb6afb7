import { dateTimeShort } from './format.js';

// 'auto' only for "now": an elapsed day is "1 giorno fa", never "ieri" (30 hours ago may be the day before).
const now0 = new Intl.RelativeTimeFormat('it-IT', { numeric: 'auto' });
const relative = new Intl.RelativeTimeFormat('it-IT', { numeric: 'always' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * When something happened, as a person says it: 'ora', '5 minuti fa', '3 ore fa', '1 giorno fa', '4 giorni fa';
 * from a week back the Italian date and time ('22/11/2026, 14:30', Europe/Rome). The words come from
 * Intl, not from us.
 */
export function relativeTime(when: Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - when.getTime());
  if (elapsed < MINUTE) return now0.format(0, 'second');
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return dateTimeShort(when);
}
