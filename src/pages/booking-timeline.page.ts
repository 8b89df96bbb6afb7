import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import type { Booking } from '../services/booking-records.service.js';
import type { TimelineStep } from '../services/booking-records.service.js';
import type { BookingEventAction } from '../services/booking-events.service.js';

// The booking page's timeline (its status badge: src/lib/booking-outcome.ts).

export interface TimelineEntry {
  label: string;
  /** Who did it: a member's name to their own organisation, the other party's name to the other; null when not known. */
  by: string | null;
  when: string;
  iso: string;
}

/** The steps only the recorded events tell (no column of the booking stamps them). */
const RECORDED_ONLY: Partial<Record<BookingEventAction, string>> = {
  paid: 'bookings:show.timeline.paid',
  refunded: 'bookings:show.timeline.refunded',
  attendance_recorded: 'bookings:show.timeline.attendanceRecorded',
  attestati_issued: 'bookings:show.timeline.attestatiIssued',
  dispute_opened: 'disputes:timeline.opened',
  dispute_decided: 'disputes:timeline.decided',
};

/** Who took the last of the steps `actions` (a confirmation is a confirm or an accepted quote). */
function byOf(steps: readonly TimelineStep[], ...actions: BookingEventAction[]): string | null {
  const step = steps.filter((s) => actions.includes(s.action)).at(-1);
  return step?.by ?? null;
}

/** What happened to the booking, oldest first: created or booked, quoted, confirmed, and how it ended. */
export function bookingTimeline(booking: Booking, steps: readonly TimelineStep[] = []): TimelineEntry[] {
  const cancelledByLabel =
    booking.cancelledBy === null
      ? null
      : booking.cancelledBy === booking.providerId
        ? t('bookings:card.provider')
        : t('bookings:card.client');
  const recorded = steps.flatMap((s) => {
    const key = RECORDED_ONLY[s.action];
    return key ? [{ label: t(key, { count: Number(s.note ?? 0) }), at: s.at, by: s.by }] : [];
  });
  return [
    {
      label: t(booking.bookingType === 'instant' ? 'bookings:show.timeline.booked' : 'bookings:show.timeline.created'),
      at: booking.createdAt,
      by: byOf(steps, 'created'),
    },
    { label: t('bookings:show.timeline.quoted'), at: booking.quotedAt, by: byOf(steps, 'quoted') },
    {
      label: t('bookings:show.timeline.confirmed'),
      at: booking.confirmedAt,
      by: byOf(steps, 'confirmed', 'quote_accepted'),
    },
    { label: t('bookings:show.timeline.rejected'), at: booking.rejectedAt, by: byOf(steps, 'rejected') },
    {
      label: t('bookings:show.timeline.quoteDeclined'),
      at: booking.quoteDeclinedAt,
      by: byOf(steps, 'quote_declined'),
    },
    { label: t('bookings:show.timeline.completed'), at: booking.completedAt, by: byOf(steps, 'completed') },
    { label: t('bookings:show.timeline.noShow'), at: booking.noShowAt, by: byOf(steps, 'no_show') },
    {
      label:
        booking.status === 'not_approved'
          ? t('bookings:status.not_approved')
          : cancelledByLabel
            ? t('bookings:show.timeline.cancelledBy', { who: cancelledByLabel })
            : t('bookings:show.timeline.cancelled'),
      at: booking.rejectedAt || booking.quoteDeclinedAt ? null : booking.cancelledAt,
      by: byOf(steps, 'cancelled', 'withdrawn'),
    },
    ...recorded,
  ]
    .filter((e): e is { label: string; at: Date; by: string | null } => e.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => ({ label: e.label, by: e.by, when: format.dateTimeShort(e.at), iso: e.at.toISOString() }));
}
