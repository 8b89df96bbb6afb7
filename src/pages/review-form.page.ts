import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { RATING_VALUES, REVIEW_ASPECTS, REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from '../lib/review-aspects.js';
import type { Booking } from '../services/booking-records.service.js';
import type { BookingPageReview, BookingReview, ReviewAccess, Review } from '../services/reviews.service.js';
import type { FormErrors } from '../validators/validate.js';
import { reviewItem, type ReviewItemView } from './reviews.page.js';

/** views/reviews/form.ejs: a client writes (or edits) the review of a completed booking. */
export interface ReviewFormView {
  title: string;
  noindex: true;
  heading: string;
  intro: string;
  deadline: string;
  action: string;
  submitLabel: string;
  bookingHref: string;
  bookingNumber: string;
  ratingOptions: { value: number; label: string; checked: boolean }[];
  aspects: {
    name: string;
    label: string;
    error: string | null;
    options: { value: string; label: string; checked: boolean }[];
  }[];
  values: { title: string; comment: string };
  errors: FormErrors;
  titleMax: number;
  commentMax: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** The form's fields from the stored review, or from what was typed when the form came back. */
function valuesOf(review: Review | null, typed: Record<string, unknown> | null): Record<string, string> {
  if (typed) return Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, text(v)]));
  if (!review) return {};
  return {
    rating: String(review.rating),
    title: review.title ?? '',
    comment: review.comment ?? '',
    ...Object.fromEntries(REVIEW_ASPECTS.map((a) => [`aspect_${a}`, text(review.aspects[a])])),
  };
}

export function reviewFormPage(
  { booking, review, access }: BookingReview & { access: Exclude<ReviewAccess, { state: 'refused' }> },
  failed: { values: Record<string, unknown>; errors: FormErrors } | null = null,
): ReviewFormView {
  const editing = review !== null;
  const amend = access.state === 'amend';
  const heading = amend ? t('reports:review.amend') : t(editing ? 'reviews:form.titleEdit' : 'reviews:form.titleNew');
  const values = valuesOf(review, failed?.values ?? null);
  const errors = failed?.errors ?? {};
  return {
    title: `${heading} · ${booking.listingTitle}`,
    noindex: true,
    heading,
    intro: t('reviews:form.intro', {
      serviceTitle: booking.listingTitle,
      bookingNumber: booking.bookingNumber,
      date: booking.completedAt ? format.date(booking.completedAt) : '',
    }),
    deadline:
      access.state === 'amend'
        ? t('reports:review.amendHint')
        : t(editing ? 'reviews:form.deadlineEdit' : 'reviews:form.deadlineNew', { date: format.date(access.deadline) }),
    action: `/bookings/${booking.id}/review`,
    submitLabel: t(editing ? 'reviews:form.submitEdit' : 'reviews:form.submitNew'),
    bookingHref: `/bookings/${booking.id}`,
    bookingNumber: booking.bookingNumber,
    ratingOptions: RATING_VALUES.map((value) => ({
      value,
      label: t('reviews:stars', { count: value }),
      checked: values.rating === String(value),
    })),
    aspects: REVIEW_ASPECTS.map((a) => {
      const name = `aspect_${a}`;
      return {
        name,
        label: t(`reviews:aspects.${a}`),
        error: errors[name] ?? null,
        options: [
          { value: '', label: t('reviews:form.aspectNone'), checked: !values[name] },
          ...RATING_VALUES.map((v) => ({ value: String(v), label: String(v), checked: values[name] === String(v) })),
        ],
      };
    }),
    values: { title: values.title ?? '', comment: values.comment ?? '' },
    errors,
    titleMax: REVIEW_TITLE_MAX,
    commentMax: REVIEW_COMMENT_MAX,
  };
}

/** views/bookings/_review.ejs: the review box of a completed booking's page. */
export interface BookingReviewBox {
  heading: string;
  review: ReviewItemView | null;
  /** "Nascosta dalla moderazione" when an administrator hid the review (its parties still see it here). */
  hiddenMark: string | null;
  /** Why the team hid it, and where its one edit stands (the client's box only). */
  hiddenReason: string | null;
  /** The client's link to the form ("Lascia una recensione" or "Modifica"). */
  link: { href: string; label: string; hint: string | null } | null;
  /** The provider's way to the reply form under the review on the service page. */
  replyHref: string | null;
  note: string | null;
}

export function bookingReviewBox(
  booking: Booking,
  state: BookingPageReview,
  viewer: { id: string; userType: string },
): BookingReviewBox {
  const { review, access, hold } = state;
  const isClient = access !== null;
  const href = `/bookings/${booking.id}/review`;
  const link =
    access?.state === 'open'
      ? { href, label: t('reviews:booking.leave'), hint: t('reviews:booking.leaveHint') }
      : access?.state === 'editable'
        ? {
            href,
            label: t('reviews:booking.edit'),
            hint: t('reviews:form.deadlineEdit', { date: format.date(access.deadline) }),
          }
        : access?.state === 'amend'
          ? { href, label: t('reports:review.amend'), hint: t('reports:review.amendHint') }
          : null;
  return {
    heading: t(isClient ? (review ? 'reviews:booking.yours' : 'reviews:booking.title') : 'reviews:booking.clients'),
    review: review ? reviewItem(review, { reporter: viewer }) : null,
    hiddenMark: review?.hiddenAt ? t('reviews:booking.hidden') : null,
    hiddenReason:
      isClient && review?.hiddenAt && hold
        ? [t('reports:review.hidden', { reason: hold.reason }), hold.editedAt ? t('reports:review.amendedWaiting') : '']
            .join(' ')
            .trim()
        : null,
    link,
    replyHref:
      !isClient && review && review.reply === null && !review.hiddenAt && viewer.id === booking.providerId
        ? `/services/${review.listingId}#review-${review.id}`
        : null,
    note:
      !review && !isClient
        ? t('reviews:booking.none')
        : !review && !link && access?.state === 'refused'
          ? t(`reviews:refusals.${access.refusal}`)
          : null,
  };
}
