import type { BookingStatus } from '../data/constants.js';
import { bookingSlot, defaultWeeklyHours, type BookingDay, type ProviderCalendar } from '../../src/lib/availability.js';
import { holidayDates } from '../../src/services/italian-holidays.service.js';
import { addDays, daysBetween, workingDay } from './clock.js';
import type { Random } from './random.js';

/** A demo booking's dates by its status and its slot in the default opening hours. */

/** Dates of a booking by status, relative to the reference day. */
export interface Timeline {
  requestedDate: string;
  createdDays: number;
  quotedDays: number | null;
  confirmedDays: number | null;
  startedDays: number | null;
  completedDays: number | null;
  cancelledDays: number | null;
  noShowDays: number | null;
}

/** A completed booking's dates moved so that it closed `daysAgo` days before the reference day. */
export function recentlyCompleted(tl: Timeline, daysAgo: number, today: string): Timeline {
  const requestedDate = workingDay(addDays(today, -daysAgo));
  const startedDays = daysBetween(today, requestedDate);
  const shift = startedDays - (tl.startedDays ?? startedDays);
  const moved = (d: number | null): number | null => (d === null ? null : d + shift);
  return {
    ...tl,
    requestedDate,
    createdDays: tl.createdDays + shift,
    quotedDays: moved(tl.quotedDays),
    confirmedDays: moved(tl.confirmedDays),
    startedDays,
    completedDays: Math.min(-1, startedDays),
  };
}

/** A start time the default opening hours accept for the duration (09:00 always does on a working day). */
export function slotFor(
  date: string,
  durationHours: number,
  rng: Random,
): { requestedTime: string; days: BookingDay[] } {
  const calendar: ProviderCalendar = {
    weekly: defaultWeeklyHours(),
    closures: [],
    holidays: holidayDates(date, addDays(date, 120)),
    openHolidays: new Set(),
  };
  for (const time of [rng.pick(['09:00', '09:30', '10:00', '14:00', '15:00']), '14:00', '09:00']) {
    const slot = bookingSlot(calendar, date, time, durationHours);
    if (slot.ok) return { requestedTime: time, days: slot.days };
  }
  throw new Error(`seed: no slot on ${date} for ${durationHours} hours`);
}

export function timeline(
  status: BookingStatus,
  instant: boolean,
  durationHours: number,
  rng: Random,
  today: string,
): Timeline {
  const at = (date: string): number => daysBetween(today, date);
  const empty = {
    quotedDays: null,
    confirmedDays: null,
    startedDays: null,
    completedDays: null,
    cancelledDays: null,
    noShowDays: null,
  };
  // A confirmation comes at once for instant services, after a quote (a day or two) for the others.
  const confirm = (created: number): { quotedDays: number | null; confirmedDays: number } =>
    instant ? { quotedDays: null, confirmedDays: created } : { quotedDays: created + 1, confirmedDays: created + 2 };
  switch (status) {
    case 'quoted': {
      // Answered with a quote the client has not accepted yet (it stays valid for days, see quoteValidUntil).
      const requestedDate = workingDay(addDays(today, rng.int(10, 40)));
      const createdDays = -rng.int(2, 6);
      return { ...empty, requestedDate, createdDays, quotedDays: createdDays + 1 };
    }
    case 'awaiting_approval':
    case 'not_approved': {
      // Waiting for the client's administrators, or refused by them: the provider never received it.
      const requestedDate = workingDay(addDays(today, rng.int(3, 30)));
      return { ...empty, requestedDate, createdDays: -1, cancelledDays: status === 'not_approved' ? 0 : null };
    }
    case 'pending': {
      const requestedDate = workingDay(addDays(today, rng.int(3, 30)));
      // Sent yesterday: a request unanswered for 48 hours expires (the job runner cancels it), so older
      // pending requests would not survive the demo's first minutes.
      return { ...empty, requestedDate, createdDays: -1 };
    }
    case 'confirmed': {
      const requestedDate = workingDay(addDays(today, rng.int(2, 45)));
      const createdDays = -rng.int(3, 15);
      return { ...empty, requestedDate, createdDays, ...confirm(createdDays) };
    }
    case 'in_progress': {
      const requestedDate = workingDay(addDays(today, -rng.int(6, 14)));
      const createdDays = at(requestedDate) - rng.int(7, 20);
      return { ...empty, requestedDate, createdDays, ...confirm(createdDays), startedDays: at(requestedDate) };
    }
    case 'completed': {
      const requestedDate = workingDay(addDays(today, -rng.int(7, 280)));
      const createdDays = at(requestedDate) - rng.int(7, 30);
      const spanDays = Math.max(1, Math.ceil(durationHours / 8));
      // Long projects close some weeks after they start.
      const completedDays = Math.min(-2, at(requestedDate) + (spanDays > 4 ? rng.int(14, 40) : spanDays - 1));
      return {
        ...empty,
        requestedDate,
        createdDays,
        ...confirm(createdDays),
        startedDays: at(requestedDate),
        completedDays,
      };
    }
    case 'no_show': {
      const requestedDate = workingDay(addDays(today, -rng.int(5, 90)));
      const createdDays = at(requestedDate) - rng.int(7, 20);
      return { ...empty, requestedDate, createdDays, ...confirm(createdDays), noShowDays: at(requestedDate) };
    }
    case 'cancelled': {
      const requestedDate = workingDay(addDays(today, rng.int(-60, 30)));
      const createdDays = Math.min(at(requestedDate), 0) - rng.int(10, 20);
      const cancelledDays = Math.min(-1, at(requestedDate) - 1, createdDays + rng.int(1, 8));
      // Instant services were confirmed on booking: the client cancelled a confirmed booking.
      return { ...empty, requestedDate, createdDays, cancelledDays, confirmedDays: instant ? createdDays : null };
    }
  }
}
