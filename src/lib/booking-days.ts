/**
 * The working days of a booking over several days (src/lib/availability.ts), in words, for the booking
 * page, the emails and the notifications: "giovedì 3 dicembre 2026, 09:00–18:00". Pure: the caller passes
 * its t().
 */
import type { BookingDay } from './availability.js';
import * as format from './format.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function bookingDayLines(booking: { days: readonly BookingDay[] }, t: Translate): string[] {
  if (booking.days.length < 2) return [];
  return booking.days.map((d) =>
    t('availability:booking.dayLine', { date: format.fullDate(d.date), start: d.start, end: d.end }),
  );
}
