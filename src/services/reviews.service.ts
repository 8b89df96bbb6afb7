import { transaction, type Trx } from '../db/knex.js';
import { reviewReceived } from '../documents/notifications.js';
import { anonymousClient } from '../documents/words.js';
import { editDeadline, reviewDeadline } from '../lib/review-aspects.js';
import { findParties } from '../models/bookings/parties.js';
import * as bookings from '../models/bookings/read.js';
import type { Booking } from '../models/bookings/booking.js';
import type { BookingViewer } from '../models/bookings/read.js';
import * as notifications from '../models/notifications/write.js';
import * as reviews from '../models/reviews/read.js';
import * as reviewWrites from '../models/reviews/write.js';
import type { PublicReview, Review } from '../models/reviews/row.js';
import { findHold } from '../models/reports/read.js';
import type { HiddenItem } from '../models/reports/row.js';
import { insertReport, markHoldEdited } from '../models/reports/write.js';
import { validateReply, validateReview } from '../validators/review.validator.js';
import type { FormErrors } from '../validators/validate.js';

export type { HiddenItem, PublicReview, Review };

/**
 * Reviews (docs/product.md §3, §7): a client reviews a service from a completed booking of theirs, once, within six
 * months of the completion, and may edit it for seven days; the service's provider replies once, in public.
 * The team hides a review that breaks the rules (moderation.service); its author may then edit it once,
 * whenever that is, and the edit goes back to the team's queue: it stays hidden until the team shows it
 * again, so that hiding cannot be undone by the author alone. Every change runs in one transaction holding the row's lock;
 * the ratings beside the service and the provider follow in the same transaction (the table's trigger).
 */

/** Why a review cannot be written or changed now (shown in words, status 409). */
export type ReviewRefusal = 'not_completed' | 'window_closed' | 'edit_closed' | 'already_replied';

/** Where a booking's review stands for its client. */
export type ReviewAccess =
  | { state: 'open'; deadline: Date }
  | { state: 'editable'; deadline: Date }
  /** Hidden by the team, and the one edit its author may make is still theirs. */
  | { state: 'amend' }
  | { state: 'refused'; refusal: ReviewRefusal };

export type ReviewResult =
  | { ok: true; reviewId: string; bookingId: string; created: boolean; amended: boolean }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; refusal: ReviewRefusal }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown> };

export function reviewAccess(
  booking: Booking,
  review: Review | null,
  now: Date,
  hold: HiddenItem | null = null,
): ReviewAccess {
  if (booking.status !== 'completed' || !booking.completedAt) return { state: 'refused', refusal: 'not_completed' };
  if (review?.hiddenAt) {
    return hold && !hold.editedAt ? { state: 'amend' } : { state: 'refused', refusal: 'edit_closed' };
  }
  if (review) {
    const deadline = editDeadline(review.createdAt);
    return now <= deadline && !review.hiddenAt
      ? { state: 'editable', deadline }
      : { state: 'refused', refusal: 'edit_closed' };
  }
  const deadline = reviewDeadline(booking.completedAt);
  return now <= deadline ? { state: 'open', deadline } : { state: 'refused', refusal: 'window_closed' };
}

export interface BookingReview {
  booking: Booking;
  review: Review | null;
  access: ReviewAccess;
  /** The team's hold while the review is hidden: the reason its author was told. */
  hold: HiddenItem | null;
}

const holdOf = (review: Review | null, trx?: Trx): Promise<HiddenItem | null> =>
  review?.hiddenAt ? findHold({ type: 'review', id: review.id }, trx) : Promise.resolve(null);

/** The review of a booking as its client sees it; null for anyone else (the booking reads as unknown). */
export async function findBookingReview(
  bookingId: string,
  viewer: BookingViewer,
  now: Date,
): Promise<BookingReview | null> {
  const booking = await bookings.findForViewer(bookingId, viewer);
  if (!booking || booking.clientId !== viewer.id) return null;
  const review = await reviews.findByBooking(booking.id);
  const hold = await holdOf(review);
  return { booking, review, hold, access: reviewAccess(booking, review, now, hold) };
}

export interface BookingPageReview {
  review: PublicReview | null;
  /** The client's: whether they may write or edit it now; null for the provider. */
  access: ReviewAccess | null;
  hold: HiddenItem | null;
}

/** What the booking page shows of the review (both parties): null until the booking is completed. */
export async function reviewOfBooking(
  booking: Booking,
  viewer: BookingViewer,
  now: Date,
): Promise<BookingPageReview | null> {
  if (booking.status !== 'completed') return null;
  const review = await reviews.findNamedByBooking(booking.id);
  const hold = await holdOf(review);
  return { review, hold, access: viewer.id === booking.clientId ? reviewAccess(booking, review, now, hold) : null };
}

/** Writes the booking's review, or edits it while that is allowed. */
export function submitReview(
  bookingId: string,
  viewer: BookingViewer,
  input: unknown,
  now: Date = new Date(),
): Promise<ReviewResult> {
  return transaction(async (trx): Promise<ReviewResult> => {
    const booking = await bookings.lockForUpdate(bookingId, trx);
    if (!booking || booking.clientId !== viewer.id) return { ok: false, kind: 'not_found' };
    const existing = await reviews.findByBooking(booking.id, trx);
    const access = reviewAccess(booking, existing, now, await holdOf(existing, trx));
    if (access.state === 'refused') return { ok: false, kind: 'refused', refusal: access.refusal };
    const form = validateReview(input);
    if (!form.ok) return { ok: false, kind: 'invalid', errors: form.errors, values: form.value };
    if (existing) {
      await reviewWrites.updateContent(existing.id, form.value, now, trx);
      const amended = access.state === 'amend';
      if (amended) await askToLookAgain(existing.id, viewer.id, now, trx);
      return { ok: true, reviewId: existing.id, bookingId: booking.id, created: false, amended };
    }
    const reviewId = await reviewWrites.insert(
      // A review written from a completed booking is verified: the booking is the proof.
      { ...form.value, listingId: booking.listingId, bookingId: booking.id, reviewerId: viewer.id, verified: true },
      trx,
    );
    await announceReview(booking, reviewId, form.value.rating, trx);
    return { ok: true, reviewId, bookingId: booking.id, created: true, amended: false };
  });
}

/** The hidden review's one edit is used, and it waits in the team's queue to be looked at again. */
async function askToLookAgain(reviewId: string, authorId: string, now: Date, trx: Trx): Promise<void> {
  const ref = { type: 'review', id: reviewId } as const;
  await markHoldEdited(ref, now, trx);
  await insertReport({ ...ref, reporterId: null, organisationId: authorId, reason: 'edited', note: null }, trx);
}

/**
 * The first publication (never an edit) tells the service's provider in the app, leading to the review on
 * the service page (src/services/notifications.service.ts notificationTarget).
 */
async function announceReview(booking: Booking, reviewId: string, rating: number, trx: Trx): Promise<void> {
  const { client } = await findParties(booking.clientId, booking.providerId, trx);
  const vars = {
    clientName: client.name ?? anonymousClient(),
    serviceTitle: booking.listingTitle,
    rating,
  };
  await notifications.create(
    {
      userId: booking.providerId,
      type: 'review',
      ...reviewReceived(vars),
      data: { review_id: reviewId, service_id: booking.listingId },
    },
    trx,
  );
}

export type ReplyResult =
  | { ok: true; listingId: string }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'refused'; refusal: ReviewRefusal; listingId: string }
  | { ok: false; kind: 'invalid'; errors: FormErrors; values: Record<string, unknown>; listingId: string };

/** The service's provider publishes one reply under a visible review; anyone else finds no such review. */
export function replyToReview(
  reviewId: string,
  viewer: BookingViewer,
  input: unknown,
  now: Date = new Date(),
): Promise<ReplyResult> {
  return transaction(async (trx): Promise<ReplyResult> => {
    const review = await reviews.lockForUpdate(reviewId, trx);
    if (!review || review.providerId !== viewer.id || !review.verified || review.hiddenAt)
      return { ok: false, kind: 'not_found' };
    if (review.reply !== null)
      return { ok: false, kind: 'refused', refusal: 'already_replied', listingId: review.listingId };
    const form = validateReply(input);
    if (!form.ok)
      return { ok: false, kind: 'invalid', errors: form.errors, values: form.value, listingId: review.listingId };
    await reviewWrites.setReply(review.id, form.value.reply, now, trx);
    return { ok: true, listingId: review.listingId };
  });
}

export interface ProviderReviews {
  recent: PublicReview[];
  /** Visible reviews by stars, 5 to 1. */
  stars: Record<number, number>;
}

/** The provider page's newest reviews across its services and how many gave each number of stars. */
export async function providerReviews(providerId: string, limit: number): Promise<ProviderReviews> {
  const [recent, stars] = await Promise.all([
    reviews.listRecentForProvider(providerId, limit),
    reviews.starCounts(providerId),
  ]);
  return { recent, stars };
}
