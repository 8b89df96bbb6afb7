import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { outcomeLabelKey, outcomeOf, type Reader } from '../lib/booking-outcome.js';
import { addMinutes } from '../lib/booking-time.js';
import { toICalendar, toICalendarEvents } from '../lib/icalendar.js';
import type { Booking } from '../models/bookings/booking.js';
import type { Parties } from '../models/bookings/parties.js';
import { placeLabel } from '../lib/booking-place.js';

/** The booking as an .ics event: the Rome date and time, the duration, the place, the provider. */
export function calendarFile(
  booking: Booking,
  parties: Pick<Parties, 'provider'>,
  reader: Reader,
  now: Date = new Date(),
): { filename: string; body: string } {
  const start = { date: booking.requestedDate, time: booking.requestedTime.slice(0, 5) };
  const providerName = parties.provider.name ?? t('bookings:card.notAvailable');
  const url = `${config().baseUrl}/bookings/${booking.id}`;
  const description = [
    t('bookings:calendar.provider', { name: providerName }),
    t('bookings:calendar.number', { number: booking.bookingNumber }),
    t('bookings:calendar.participants', { count: booking.participantsCount }),
    t('bookings:calendar.status', { status: t(outcomeLabelKey(outcomeOf(booking), reader)) }),
    url,
  ].join('\n');
  const uid = (suffix: string): string => `booking-${booking.id}${suffix}@${new URL(config().baseUrl).hostname}`;
  const summary = t('bookings:calendar.summary', { title: booking.listingTitle, provider: providerName });
  const common = {
    stamp: now,
    location: booking.locationType === 'remote' ? t('bookings:mode.remote') : placeLabel(booking, t),
    description,
    url,
    status: calendarStatus(booking),
  };
  // A booking over several working days: one event a day, at that day's hours.
  const body =
    booking.days.length > 1
      ? toICalendarEvents(
          booking.days.map((d, i) => ({
            ...common,
            uid: uid(`-${i + 1}`),
            start: { date: d.date, time: d.start },
            end: { date: d.date, time: d.end },
            summary: `${summary} (${t('availability:calendar.dayOf', { day: i + 1, count: booking.days.length })})`,
          })),
        )
      : toICalendar({
          ...common,
          uid: uid(''),
          start,
          end: booking.endTime
            ? { date: start.date, time: booking.endTime.slice(0, 5) }
            : addMinutes(start, Math.round(booking.durationHours * 60)),
          summary,
        });
  return { filename: t('bookings:calendar.filename', { number: booking.bookingNumber }), body };
}

function calendarStatus(booking: Booking): 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED' {
  if (booking.status === 'pending' || booking.status === 'quoted') return 'TENTATIVE';
  if (booking.status === 'cancelled' || booking.status === 'no_show') return 'CANCELLED';
  return 'CONFIRMED';
}
