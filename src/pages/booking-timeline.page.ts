import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { Booking } from '../services/booking-records.service.js';

// The booking page's timeline (its status badge: src/lib/booking-outcome.ts).

export interface TimelineEntry {
  label: string;
  when: string;
  iso: string;
}

/** What happened to the booking, oldest first: created or booked, quoted, confirmed, and how it ended. */
export function bookingTimeline(booking: Booking): TimelineEntry[] {
  const cancelledByLabel =
    booking.cancelledBy === null
      ? null
      : booking.cancelledBy === booking.providerId
        ? t('bookings:card.provider')
        : t('bookings:card.client');
  return [
    {
      label: t(booking.bookingType === 'instant' ? 'bookings:show.timeline.booked' : 'bookings:show.timeline.created'),
      at: booking.createdAt,
    },
    { label: t('bookings:show.timeline.quoted'), at: booking.quotedAt },
    { label: t('bookings:show.timeline.confirmed'), at: booking.confirmedAt },
    { label: t('bookings:show.timeline.rejected'), at: booking.rejectedAt },
    { label: t('bookings:show.timeline.quoteDeclined'), at: booking.quoteDeclinedAt },
    { label: t('bookings:show.timeline.completed'), at: booking.completedAt },
    { label: t('bookings:show.timeline.noShow'), at: booking.noShowAt },
    {
      label:
        booking.status === 'not_approved'
          ? t('bookings:status.not_approved')
          : cancelledByLabel
            ? t('bookings:show.timeline.cancelledBy', { who: cancelledByLabel })
            : t('bookings:show.timeline.cancelled'),
      at: booking.rejectedAt || booking.quoteDeclinedAt ? null : booking.cancelledAt,
    },
  ]
    .filter((e): e is { label: string; at: Date } => e.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => ({ label: e.label, when: format.dateTimeShort(e.at), iso: e.at.toISOString() }));
}
