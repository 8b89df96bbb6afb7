import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { outcomeLabelKey, outcomeOf } from '../lib/booking-outcome.js';
import { addMinutes } from '../lib/booking-time.js';
import { toICalendar } from '../lib/icalendar.js';
import * as bookingParties from '../models/booking-parties.repo.js';
import type { Booking } from '../models/booking-record.js';
import { placeLabel } from '../lib/booking-place.js';

/** The booking as an .ics event: the Rome date and time, the duration, the place, the provider. */
export async function calendarFile(
  booking: Booking,
  now: Date = new Date(),
): Promise<{ filename: string; body: string }> {
  const parties = await bookingParties.findParties(booking.clientId, booking.providerId);
  const start = { date: booking.requestedDate, time: booking.requestedTime.slice(0, 5) };
  const providerName = parties.provider.name ?? t('bookings:card.notAvailable');
  const url = `${config().baseUrl}/bookings/${booking.id}`;
  const description = [
    t('bookings:calendar.provider', { name: providerName }),
    t('bookings:calendar.number', { number: booking.bookingNumber }),
    t('bookings:calendar.participants', { count: booking.participantsCount }),
    t('bookings:calendar.status', { status: t(outcomeLabelKey(outcomeOf(booking))) }),
    url,
  ].join('\n');
  const body = toICalendar({
    uid: `booking-${booking.id}@${new URL(config().baseUrl).hostname}`,
    stamp: now,
    start,
    end: addMinutes(start, Math.round(booking.durationHours * 60)),
    summary: t('bookings:calendar.summary', { title: booking.serviceTitle, provider: providerName }),
    location: booking.locationType === 'remote' ? t('bookings:mode.remote') : placeLabel(booking, t),
    description,
    url,
    status:
      booking.status === 'pending' || booking.status === 'quoted'
        ? 'TENTATIVE'
        : booking.status === 'cancelled' || booking.status === 'no_show'
          ? 'CANCELLED'
          : 'CONFIRMED',
  });
  return { filename: t('bookings:calendar.filename', { number: booking.bookingNumber }), body };
}
