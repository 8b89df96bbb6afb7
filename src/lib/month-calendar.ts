/**
 * A month as a calendar shows it, for the booking wizard's choice of a day (islands/booking-wizard/MonthCalendar.tsx)
 * and the plain list of days without JavaScript (src/pages/wizard-slots.page.ts): weeks from Monday, the month's
 * name and each day's full Italian name. Dates are 'YYYY-MM-DD' calendar dates, months 'YYYY-MM'. Pure: Intl only.
 */

const utc = (date: string): Date => new Date(`${date}T12:00:00Z`);

const monthTitle = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayShort = new Intl.DateTimeFormat('it-IT', { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('it-IT', { weekday: 'long', timeZone: 'UTC' });

/** The month of a date: '2026-12-03' → '2026-12'. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `n` months after (negative: before). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'dicembre 2026' */
export const monthLabel = (month: string): string => monthTitle.format(utc(`${month}-01`));

/** 'giovedì 3 dicembre 2026' */
export const fullDayLabel = (date: string): string => dayName.format(utc(date));

/** The seven weekday headings from Monday: short ('lun') and full ('lunedì'). */
export function weekdayHeadings(): { short: string; long: string }[] {
  // 2026-11-30 is a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 10, 30 + i, 12));
    return { short: weekdayShort.format(d).replace(/\.$/, ''), long: weekdayLong.format(d) };
  });
}

/** The month's weeks, Monday first: each a row of seven dates, null outside the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = utc(`${month}-01`);
  const lead = (first.getUTCDay() + 6) % 7;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}
