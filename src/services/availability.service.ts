import {
  AVAILABILITY_MAX_DAYS,
  AVAILABILITY_WINDOW_DAYS,
  availableDates,
  bookingSlot,
  defaultWeeklyHours,
  longestDayHours,
  type AvailableDate,
  type BookingDay,
  type ProviderCalendar,
  type SlotProblem,
} from '../lib/availability.js';
import { addDays, romeLocal } from '../lib/booking-time.js';
import * as calendars from '../models/providers/calendars.js';
import type { CalendarWithClosures } from '../models/providers/calendars.js';
import type { BookableListing } from '../models/listings/bookable.js';
import { holidayDates } from './italian-holidays.service.js';

export type { AvailableDate, BookingDay, ProviderCalendar, SlotProblem };

export { AVAILABILITY_MAX_DAYS, AVAILABILITY_WINDOW_DAYS };
/** A course of several days may run this far past the window it starts in. */
const SPAN_MARGIN_DAYS = 62;

/**
 * The provider's calendar as the rule reads it, for dates from `from` to `to`: weekly hours (the default
 * until the provider sets theirs), closed periods, and the public holidays of those years.
 */
async function loadCalendar(providerId: string, from: string, to: string): Promise<ProviderCalendar> {
  return providerCalendar(await calendars.findCalendarWithClosures(providerId, from), from, to);
}

/** The same from what was read already (closures from `from`): the booking's lock reads it with the service. */
export function providerCalendar(read: CalendarWithClosures, from: string, to: string): ProviderCalendar {
  const { calendar: stored, closures } = read;
  return {
    weekly: stored?.weekly ?? defaultWeeklyHours(),
    closures,
    holidays: holidayDates(from, addDays(to, SPAN_MARGIN_DAYS)),
    openHolidays: new Set(stored?.openHolidays ?? []),
  };
}

const durationOf = (listing: Pick<BookableListing, 'durationHours'>): number => listing.durationHours ?? 1;

/** The dates and start times an instant service offers from `from` for `days` days (none before now). */
export async function availabilityFor(
  listing: Pick<BookableListing, 'providerId' | 'durationHours'>,
  from: string,
  days: number,
  now: Date = new Date(),
): Promise<AvailableDate[]> {
  const local = romeLocal(now);
  const start = from < local.date ? local.date : from;
  const cal = await loadCalendar(listing.providerId, start, addDays(start, days));
  return availableDates(cal, durationOf(listing), start, days, local);
}

/** The wizard's first window of dates, and the longest opening day (longer services take several days). */
export async function wizardAvailability(
  listing: Pick<BookableListing, 'providerId' | 'durationHours'>,
  today: string,
  now: Date = new Date(),
): Promise<{ dates: AvailableDate[]; longestDayHours: number }> {
  const local = romeLocal(now);
  const cal = await loadCalendar(listing.providerId, today, addDays(today, AVAILABILITY_WINDOW_DAYS));
  return {
    dates: availableDates(cal, durationOf(listing), today, AVAILABILITY_WINDOW_DAYS, local),
    longestDayHours: longestDayHours(cal.weekly),
  };
}

/**
 * Where a booking of the service starting then falls: its working days, or why an instant service cannot
 * start then. On-request services may ask for any time: they get the days the provider's hours would give
 * (or the one requested day) and `outsideHours` for the provider to see.
 */
export type Schedule = { ok: true; days: BookingDay[]; outsideHours: boolean } | { ok: false; problem: SlotProblem };

export async function scheduleFor(
  listing: Pick<BookableListing, 'providerId' | 'durationHours' | 'listingType'>,
  date: string,
  time: string,
): Promise<Schedule> {
  return scheduleIn(await loadCalendar(listing.providerId, date, date), listing, date, time);
}

/** scheduleFor, on a calendar read from `date` on (providerCalendar). */
export function scheduleIn(
  cal: ProviderCalendar,
  listing: Pick<BookableListing, 'durationHours' | 'listingType'>,
  date: string,
  time: string,
): Schedule {
  const slot = bookingSlot(cal, date, time, durationOf(listing));
  if (slot.ok) return { ok: true, days: slot.days, outsideHours: false };
  if (listing.listingType === 'instant') return slot;
  return { ok: true, days: [], outsideHours: true };
}
