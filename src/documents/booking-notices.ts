import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { bookingDayLines } from '../lib/booking-days.js';
import { placeLabel } from '../lib/booking-place.js';
import { bookingTerms } from '../lib/booking-terms.js';
import { cancellationSentence } from '../lib/cancellation-policy.js';
import * as format from '../lib/format.js';
import type { Parties, Party } from '../models/bookings/parties.js';
import type { NewNotification } from '../models/notifications/write.js';
import type { EventContext, Notice, NoticeBooking } from '../services/booking-notifications.service.js';
import type { EmailRequest } from '../services/mail.service.js';

/**
 * The words of a booking's notices: the in-app notification (it keeps the text of the moment it was sent,
 * so it is written here, once) and the data its email template is written from (views/emails/booking-*).
 * Which notices an event sends, and to whom, is the service's rule (services/booking-notifications.service.ts).
 */

/** What a cancellation gives back, by the stored policy: '' when the booking was never confirmed. */
export function refundSentence(
  booking: Pick<NoticeBooking, 'refundAmountCents' | 'refundPercentage' | 'paymentStatus'>,
): string {
  if (booking.refundAmountCents === null || booking.refundPercentage === null) return '';
  if (booking.refundAmountCents === 0) return t('bookings:refund.none');
  const values = { amount: format.euro(booking.refundAmountCents), percent: booking.refundPercentage };
  return t(booking.paymentStatus === 'pending' ? 'bookings:refund.duePending' : 'bookings:refund.due', values);
}

/** The refund's words: the refund due after a cancellation, the refund just recorded and what remains. */
function refundVars(booking: NoticeBooking, ctx: EventContext) {
  // Only a cancellation (its context says who cancelled) speaks of the refund due.
  const refund = ctx.by ? refundSentence(booking) : '';
  const dueCents = (booking.refundAmountCents ?? 0) + booking.disputeRefundAmountCents;
  const remainingCents = Math.max(0, dueCents - booking.refundedAmountCents);
  return {
    refund,
    refundTail: refund ? ` · ${refund}` : '',
    refundAmount: ctx.refund ? format.euro(ctx.refund.amountCents) : '',
    refundDate: ctx.refund ? format.date(ctx.refund.refundedOn) : '',
    refundReference: ctx.refund?.reference ?? '',
    refundRemaining: !ctx.refund
      ? ''
      : remainingCents > 0
        ? t('bookings:refund.remaining', { amount: format.euro(remainingCents) })
        : t('bookings:refund.complete'),
  };
}

/** The notifications and the emails of an event's notices, in Italian. */
export function noticeTexts(
  notices: readonly Notice[],
  booking: NoticeBooking,
  ctx: EventContext,
  parties: Parties,
): { notifications: NewNotification[]; emails: EmailRequest[] } {
  const na = t('bookings:card.notAvailable');
  // While a quote waits for the client, the booking's price is still the estimate: notices speak of the quote.
  const waiting = booking.status === 'quoted' && booking.quoteTotalAmountCents !== null;
  const vars = {
    serviceTitle: booking.listingTitle,
    bookingNumber: booking.bookingNumber,
    clientName: parties.client.name ?? na,
    providerName: parties.provider.name ?? na,
    date: format.date(booking.requestedDate),
    time: format.time(booking.requestedTime),
    total: format.euro(waiting ? booking.quoteTotalAmountCents! : booking.totalAmountCents),
    validUntil: booking.quoteValidUntil ? format.date(booking.quoteValidUntil) : '',
    reason: ctx.reason ?? '',
    documentName: ctx.documentName ?? '',
    ...refundVars(booking, ctx),
  };
  const policy = parties.cancellationPolicy;
  const cancellation = notices.some((n) => n.policy) ? cancellationSentence(policy, t) : '';
  const notifications: NewNotification[] = [];
  const emails: EmailRequest[] = [];
  for (const notice of notices) {
    const recipient: Party = parties[notice.to];
    if (!notice.ownAction)
      notifications.push({
        userId: recipient.id,
        type: notice.type,
        title: t(`bookings:notifications.${notice.key}.title`, vars),
        message: t(`bookings:notifications.${notice.key}.message`, vars),
        data: { booking_id: booking.id, ...(notice.path ? { target: `/bookings/${booking.id}${notice.path}` } : {}) },
      });
    const counterpart = notice.to === 'client' ? parties.provider : parties.client;
    emails.push({
      to: recipient.email,
      template: notice.template,
      data: {
        ...vars,
        recipient: notice.to,
        name: recipient.name ?? recipient.email,
        counterpartName: counterpart.name ?? na,
        participants: booking.participantsCount,
        dayLines: bookingDayLines(booking, t),
        place: placeLabel(booking, t),
        instant: booking.bookingType === 'instant',
        status: t(`bookings:status.${booking.status}`),
        estimate: ctx.estimateCents === undefined ? '' : format.euro(ctx.estimateCents),
        quoteIncludes: waiting ? booking.quoteIncludes : null,
        referent: booking.referent
          ? `${booking.referent.name} (${booking.referent.role}) · ${booking.referent.email ?? booking.referent.phone ?? ''}`
          : null,
        by: ctx.by ?? null,
        // An online service has a referent, not one "in sede".
        remote: booking.locationType === 'remote',
        cancellation: notice.policy ? cancellation : '',
        terms: notice.terms ? bookingTerms(booking.bookingType, policy, t) : null,
        link: `${config().baseUrl}/bookings/${booking.id}${notice.path ?? ''}`,
        button: notice.buttonKey ? t(notice.buttonKey) : null,
      },
    });
  }
  return { notifications, emails };
}
