import { t } from '../config/i18n.js';
import { hasCalendarEvent, outcomeBadge, outcomeLabelKey, outcomeOf } from '../lib/booking-outcome.js';
import { addMinutes, todayInRome } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import type { Refusal, Role } from '../services/booking-lifecycle.service.js';
import { placeLabel } from '../lib/booking-place.js';
import { bookingDayLines } from '../lib/booking-days.js';
import type { Booking, BookingDetail, Participant } from '../services/booking-records.service.js';
import { bookingTimeline, type TimelineEntry } from './booking-timeline.page.js';
import { bookingCostLines, quotedNote, type CostLine } from './booking-costs.page.js';
import { cancellationPolicyView, refundLabel, type CancellationPolicyView } from './cancellation-policy.page.js';
import { commissionBox, paymentBox, type CommissionBoxView, type PaymentBoxView } from './booking-money.page.js';
import {
  acceptForm,
  quoteCard,
  quoteForm,
  waitingHint,
  type AcceptForm,
  type QuoteCard,
  type QuoteForm,
} from './booking-quote.page.js';
import {
  documentFailure,
  failedActionSummary,
  type DocumentProblem,
  type FailedAction,
  type FailedActionSummary,
} from './booking-failed-action.page.js';

interface DetailAlert {
  type: 'error' | 'success';
  title: string;
  message: string;
}

/** How the booking page is shown again after an action that did not go through. */
export interface DetailOptions {
  failedAction?: FailedAction;
  /** An upload that was not attached: the message shows beside the upload form. */
  documentProblem?: DocumentProblem;
  /** The state machine said no: the reason shows above the booking as it is now. */
  refusal?: Refusal;
  /** A provider's trainer: no amounts, no quote to send. */
  hideAmounts?: boolean;
  /** The Docente chosen is not one of the provider's trainers: the message key beside the field. */
  trainerError?: string;
}

/** views/bookings/show.ejs: one booking as its client or its provider sees it, with what they can do now. */
export interface BookingDetailView {
  title: string;
  noindex: true;
  booking: Booking;
  role: Role;
  statusLabel: string;
  statusBadge: string;
  typeLabel: string;
  dateLabel: string;
  timeLabel: string;
  /** Null when a service longer than the day (an annual engagement, a 24-hour course) has no single end. */
  endLabel: string | null;
  /** Each working day of a booking over several days; empty for one day. */
  dayLines: string[];
  /** The provider sees that a request asked for a time outside their opening hours. */
  outsideHours: boolean;
  durationLabel: string;
  participantsLabel: string;
  modeLabel: string;
  placeLabel: string | null;
  participants: Participant[];
  /** Who receives the provider on site (services not priced per head), instead of a participant list. */
  /** "Referente in sede" where the service takes place at a site, "Referente" for an online one. */
  referent: { title: string; name: string; role: string; contact: string; href: string } | null;
  documents: { id: string; name: string; size: string; date: string; href: string }[];
  canUpload: boolean;
  documentMaxMb: number;
  counterpart: {
    heading: string;
    name: string;
    person: string | null;
    email: string | null;
    phone: string | null;
    phoneHref: string | null;
    profileHref: string | null;
    contactLabel: string;
    contactHref: string;
  };
  costLines: CostLine[];
  /** What the cancellation refunded, as recorded; null when none was. */
  refundLabel: string | null;
  /** The provider's cancellation policy while the booking may still be cancelled; null once it is closed. */
  cancellationPolicy: CancellationPolicyView | null;
  quotedNote: string | null;
  estimateNote: string | null;
  payment: PaymentBoxView;
  /** The provider's gross, commission and net (null for the client, and before confirmation). */
  commission: CommissionBoxView | null;
  /** A quote not accepted (yet): waiting, declined or expired. */
  quote: QuoteCard | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  quoteDeclineReason: string | null;
  timeline: TimelineEntry[];
  /** The costs, quote, payment and commission are shown (not to a provider's trainer). */
  amounts: boolean;
  actions: {
    confirm: boolean;
    reject: boolean;
    quote: QuoteForm | null;
    acceptQuote: AcceptForm | null;
    declineQuote: boolean;
    withdraw: boolean;
    cancel: boolean;
    complete: boolean;
    noShow: boolean;
    confirmHint: string;
    waitingHint: string | null;
    cancelHint: string | null;
    afterStartHint: string | null;
  };
  calendarHref: string | null;
  failed: FailedAction | null;
  errorSummary: FailedActionSummary | null;
  alert: DetailAlert | null;
}

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format.decimal1(bytes / 1024)} KB`;
  return `${format.decimal1(bytes / (1024 * 1024))} MB`;
}

function counterpartOf(detail: BookingDetail): BookingDetailView['counterpart'] {
  const { booking, role, counterpart } = detail;
  return {
    heading: t(role === 'client' ? 'bookings:card.provider' : 'bookings:card.client'),
    name: counterpart.name ?? t('bookings:card.notAvailable'),
    person: counterpart.contactPerson,
    email: counterpart.contactEmail,
    phone: counterpart.phone,
    phoneHref: counterpart.phone ? `tel:${counterpart.phone.replace(/[^\d+]/g, '')}` : null,
    profileHref: role === 'client' ? `/providers/${booking.providerId}` : null,
    contactLabel: t(role === 'client' ? 'bookings:actions.contactProvider' : 'bookings:actions.contactClient'),
    // The booking's own conversation, on this page: no address leaves the product.
    contactHref: '#messages',
  };
}

function actionsOf(detail: BookingDetail, now: Date): BookingDetailView['actions'] {
  const { booking, role, actions, cancellationHours, start } = detail;
  return {
    confirm: actions.includes('confirm'),
    reject: actions.includes('reject'),
    quote: actions.includes('quote') ? quoteForm(booking, now) : null,
    acceptQuote: actions.includes('accept_quote') ? acceptForm(booking, detail.clientInvoicing) : null,
    declineQuote: actions.includes('decline_quote'),
    withdraw: actions.includes('withdraw'),
    cancel: actions.includes('cancel'),
    complete: actions.includes('complete'),
    noShow: actions.includes('no_show'),
    confirmHint: t('bookings:actions.confirmHint', { total: format.euro(booking.totalAmountCents) }),
    waitingHint: waitingHint(booking, actions),
    cancelHint:
      role === 'client' && booking.status === 'confirmed' && now < start
        ? actions.includes('cancel')
          ? t('bookings:actions.cancelDeadline', {
              hours: cancellationHours,
              deadline: format.dateTimeText(detail.cancellationDeadline),
            })
          : t('bookings:actions.cancelClosed', { hours: cancellationHours })
        : null,
    afterStartHint:
      role === 'provider' && booking.status === 'confirmed' && now < start
        ? t('bookings:actions.afterStart', {
            start: format.dateTimeText(start),
          })
        : null,
  };
}

function referentOf(
  r: NonNullable<Booking['referent']>,
  locationType: Booking['locationType'],
): NonNullable<BookingDetailView['referent']> {
  const contact = r.email ?? r.phone ?? '';
  return {
    title: t(locationType === 'remote' ? 'bookings:show.referentRemote' : 'bookings:show.referent'),
    name: r.name,
    role: r.role,
    contact,
    href: r.email ? `mailto:${r.email}` : `tel:${contact.replace(/[^\d+]/g, '')}`,
  };
}

/** Why a booking was cancelled, in words: an expiry is said by the page, a person's reason as written. */
function cancellationText(detail: BookingDetail): string | null {
  if (detail.expired === 'request') return t('bookings:show.expired');
  if (detail.expired === 'quote') return t('bookings:show.quoteExpired');
  return detail.booking.cancellationReason;
}

export function bookingDetailPage(detail: BookingDetail, now: Date, options: DetailOptions = {}): BookingDetailView {
  const { booking, role } = detail;
  const outcome = outcomeOf(booking);
  const failed = options.documentProblem
    ? documentFailure(options.documentProblem, detail)
    : (options.failedAction ?? null);
  const end = addMinutes(
    { date: booking.requestedDate, time: booking.requestedTime.slice(0, 5) },
    Math.round(booking.durationHours * 60),
  );
  return {
    title: t('bookings:show.pageTitle', { title: booking.listingTitle, number: booking.bookingNumber }),
    noindex: true,
    booking,
    role,
    statusLabel: t(outcomeLabelKey(outcome, role)),
    statusBadge: outcomeBadge(outcome),
    typeLabel: t(`common:serviceTypes.${booking.bookingType}`),
    dateLabel: format.fullDate(booking.requestedDate),
    timeLabel: format.time(booking.requestedTime),
    endLabel:
      booking.days.length > 1
        ? null
        : end.date === booking.requestedDate
          ? booking.endTime
            ? format.time(booking.endTime)
            : end.time
          : null,
    dayLines: bookingDayLines(booking, t),
    outsideHours: role === 'provider' && booking.outsideHours,
    durationLabel: t('bookings:show.durationHours', { count: booking.durationHours }),
    participantsLabel: t('bookings:card.participantsValue', { count: booking.participantsCount }),
    modeLabel: t(`bookings:mode.${booking.locationType}`),
    placeLabel: booking.locationType === 'remote' ? null : placeLabel(booking, t),
    participants: detail.participants,
    referent: booking.referent ? referentOf(booking.referent, booking.locationType) : null,
    documents: detail.documents.map((d) => ({
      id: d.id,
      name: d.name,
      size: sizeLabel(d.sizeBytes),
      date: format.dateTimeShort(d.createdAt),
      href: `/bookings/${booking.id}/documents/${d.id}`,
    })),
    canUpload: detail.canUpload,
    documentMaxMb: detail.documentMaxBytes / (1024 * 1024),
    counterpart: counterpartOf(detail),
    costLines: bookingCostLines(booking),
    refundLabel: refundLabel(booking),
    cancellationPolicy: ['pending', 'quoted', 'confirmed'].includes(booking.status)
      ? cancellationPolicyView(detail.cancellationPolicy)
      : null,
    quotedNote:
      booking.quotedAt && booking.confirmedAt
        ? quotedNote(booking.quotedAt, booking.estimatedTotalAmountCents, booking.totalAmountCents)
        : null,
    // Once quoted, the quote is the price: no estimate is left to explain.
    estimateNote:
      (booking.status === 'pending' || booking.status === 'quoted') &&
      booking.bookingType === 'on_request' &&
      !booking.quotedAt
        ? t('bookings:costs.estimateNote')
        : null,
    payment: paymentBox(detail, todayInRome(now), {
      payment: options.failedAction?.action === 'payment' ? options.failedAction : null,
      refund: options.failedAction?.action === 'refund' ? options.failedAction : null,
    }),
    commission: commissionBox(booking, role),
    quote: quoteCard(booking),
    rejectionReason: booking.rejectedAt ? booking.rejectionReason : null,
    cancellationReason:
      booking.status === 'cancelled' && !booking.rejectedAt && !booking.quoteDeclinedAt
        ? cancellationText(detail)
        : null,
    quoteDeclineReason: booking.quoteDeclinedAt ? booking.quoteDeclineReason : null,
    timeline: bookingTimeline(booking, detail.steps),
    amounts: !options.hideAmounts,
    actions: options.hideAmounts ? { ...actionsOf(detail, now), quote: null, confirmHint: '' } : actionsOf(detail, now),
    calendarHref: hasCalendarEvent(outcome) ? `/bookings/${booking.id}/calendar.ics` : null,
    failed,
    errorSummary: failedActionSummary(failed),
    alert: options.refusal
      ? {
          type: 'error',
          title: t('bookings:actions.errors.title'),
          message: refusalText(options.refusal),
        }
      : null,
  };
}

/** A refusal in Italian: the status it names is a code, written out as the booking's badge writes it. */
const refusalText = ({ messageKey, vars = {} }: Refusal): string =>
  t(messageKey, { ...vars, ...(typeof vars.status === 'string' && { status: t(`bookings:status.${vars.status}`) }) });
