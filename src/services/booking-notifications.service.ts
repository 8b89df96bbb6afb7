import type { Trx } from '../db/knex.js';
import { noticeTexts } from '../documents/booking-notices.js';
import * as bookings from '../models/bookings/parties.js';
import type { Parties } from '../models/bookings/parties.js';
import type { Booking } from '../models/bookings/booking.js';
import type { NotificationType } from '../models/notifications/row.js';
import { writeNotices, type Notices } from '../models/notifications/notices.js';
import { emailJobs } from './mail.service.js';

/**
 * What each booking event tells whom: an in-app notification (docs/product.md §7) and an email, both written in the
 * transaction of the change itself, so a change is never without its notices and notices never announce
 * a change that was rolled back. The job runner sends the emails.
 */

export type BookingEvent =
  | 'created'
  | 'confirmed'
  | 'quoted'
  | 'quote_accepted'
  | 'quote_declined'
  | 'quote_expired'
  | 'withdrawn'
  | 'rejected'
  | 'cancelled'
  | 'completed'
  | 'no_show'
  | 'expired'
  | 'document'
  | 'paid'
  | 'refunded'
  | 'started';

export interface EventContext {
  /** Who cancelled (cancelled). */
  by?: 'client' | 'provider';
  reason?: string | null;
  /** The file's name (document). */
  documentName?: string;
  /** The estimate before the provider's quote, in cents (quoted, quote_accepted). */
  estimateCents?: number;
  /** The refund just recorded (refunded). */
  refund?: { amountCents: number; refundedOn: string; reference: string };
}

type Recipient = 'client' | 'provider';

export interface Notice {
  to: Recipient;
  type: NotificationType;
  /** Key under bookings:notifications (title and message). */
  key: string;
  /** views/emails/<template>.html.ejs and .text.ejs */
  template: string;
  /** Where the notice leads under the booking's address (the review form after a completion). */
  path?: string;
  /** The email button's label key, instead of "Vedi la prenotazione". */
  buttonKey?: string;
  /** The email states the provider's cancellation policy (emails:<template>.extra uses {{cancellation}}). */
  policy?: true;
  /** The email lists the terms the booking was sent under (lib/booking-terms.ts): a new booking's client. */
  terms?: true;
  /**
   * The recipient made the change themselves: the email is their receipt, but no notification announces
   * their own action to them.
   */
  ownAction?: true;
}

function noticesFor(event: BookingEvent, booking: NoticeBooking, ctx: EventContext): Notice[] {
  const instant = booking.bookingType === 'instant';
  switch (event) {
    case 'created':
      return [
        // docs/product.md §7: the provider's notification of a new booking has type booking_confirmed, title "Nuova Prenotazione".
        {
          to: 'provider',
          type: 'booking_confirmed',
          key: 'newBooking',
          template: instant ? 'booking-new' : 'booking-request',
        },
        instant
          ? {
              to: 'client',
              type: 'booking_confirmed',
              key: 'bookedInstant',
              template: 'booking-booked',
              terms: true,
              ownAction: true,
            }
          : {
              to: 'client',
              type: 'booking',
              key: 'requestSent',
              template: 'booking-request-sent',
              terms: true,
              ownAction: true,
            },
      ];
    case 'confirmed':
      return [
        { to: 'client', type: 'booking_confirmed', key: 'confirmed', template: 'booking-confirmed', policy: true },
      ];
    case 'quoted':
      return [{ to: 'client', type: 'booking_quoted', key: 'quoted', template: 'booking-quoted' }];
    case 'quote_accepted':
      return [{ to: 'provider', type: 'booking_confirmed', key: 'quoteAccepted', template: 'booking-quote-accepted' }];
    case 'quote_declined':
      return [{ to: 'provider', type: 'booking_cancelled', key: 'quoteDeclined', template: 'booking-quote-declined' }];
    case 'withdrawn':
      return [{ to: 'provider', type: 'booking_cancelled', key: 'withdrawn', template: 'booking-withdrawn' }];
    case 'quote_expired':
      return [
        { to: 'client', type: 'booking_expired', key: 'quoteExpiredClient', template: 'booking-quote-expired' },
        { to: 'provider', type: 'booking_expired', key: 'quoteExpiredProvider', template: 'booking-quote-expired' },
      ];
    case 'rejected':
      return [{ to: 'client', type: 'booking_rejected', key: 'rejected', template: 'booking-rejected' }];
    case 'cancelled':
      // Both parties: the other one learns of it, the one who cancelled keeps a confirmation; each with the refund due.
      return ctx.by === 'provider'
        ? [
            { to: 'client', type: 'booking_cancelled', key: 'cancelledByProvider', template: 'booking-cancelled' },
            { to: 'provider', type: 'booking_cancelled', key: 'cancelledOwn', template: 'booking-cancelled-own' },
          ]
        : [
            { to: 'provider', type: 'booking_cancelled', key: 'cancelledByClient', template: 'booking-cancelled' },
            { to: 'client', type: 'booking_cancelled', key: 'cancelledOwn', template: 'booking-cancelled-own' },
          ];
    case 'completed':
      return [
        {
          to: 'client',
          type: 'booking_completed',
          key: 'completed',
          template: 'booking-completed',
          path: '/review',
          buttonKey: 'reviews:booking.leave',
        },
      ];
    case 'started':
      return [{ to: 'client', type: 'booking', key: 'started', template: 'booking-started' }];
    case 'no_show':
      return [{ to: 'client', type: 'booking_no_show', key: 'noShow', template: 'booking-no-show' }];
    case 'expired':
      return [
        { to: 'client', type: 'booking_expired', key: 'expiredClient', template: 'booking-expired' },
        { to: 'provider', type: 'booking_expired', key: 'expiredProvider', template: 'booking-expired' },
      ];
    case 'document':
      return [{ to: 'client', type: 'booking_document', key: 'document', template: 'booking-document' }];
    case 'paid':
      return [{ to: 'client', type: 'booking', key: 'paid', template: 'booking-paid' }];
    case 'refunded': {
      // A refund is due on a cancelled booking (its policy's, perhaps a dispute's too) or, on any other, only
      // because a dispute's decision owes it (refundDue): the notices say which.
      const decision = booking.status === 'cancelled' ? '' : 'Decision';
      const template = decision ? 'booking-refunded-decision' : 'booking-refunded';
      return [
        { to: 'client', type: 'booking', key: `refundedClient${decision}`, template },
        { to: 'provider', type: 'booking', key: `refundedProvider${decision}`, template },
      ];
    }
  }
}

/** What the notices of an event say of the booking. */
export type NoticeBooking = Pick<
  Booking,
  | 'id'
  | 'bookingNumber'
  | 'bookingType'
  | 'status'
  | 'clientId'
  | 'providerId'
  | 'listingTitle'
  | 'requestedDate'
  | 'requestedTime'
  | 'days'
  | 'locationType'
  | 'location'
  | 'participantsCount'
  | 'referent'
  | 'totalAmountCents'
  | 'quoteTotalAmountCents'
  | 'quoteValidUntil'
  | 'quoteIncludes'
  | 'paymentStatus'
  | 'refundAmountCents'
  | 'refundPercentage'
  | 'refundedAmountCents'
  | 'disputeRefundAmountCents'
>;

/**
 * Writes the notifications and queues the emails of one event, in the caller's transaction. `known` are the
 * booking's parties when the caller read them already.
 */
export async function announce(
  event: BookingEvent,
  booking: NoticeBooking,
  ctx: EventContext,
  trx: Trx,
  known?: Parties,
): Promise<void> {
  const parties = known ?? (await bookings.findParties(booking.clientId, booking.providerId, trx));
  await writeNotices(noticesOf(event, booking, ctx, parties), trx);
}

/**
 * The notifications and emails of an event (every event has at least one notice), in words written by
 * documents/booking-notices.ts, not yet written: announce writes them; a new booking writes them with its
 * own statement (booking-creation.service).
 */
export function noticesOf(event: BookingEvent, booking: NoticeBooking, ctx: EventContext, parties: Parties): Notices {
  const { notifications, emails } = noticeTexts(noticesFor(event, booking, ctx), booking, ctx, parties);
  return { notifications, jobs: emailJobs(emails) };
}
