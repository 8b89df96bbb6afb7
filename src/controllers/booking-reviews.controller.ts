import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { reviewFormPage } from '../pages/review-form.page.js';
import { findBookingReview, submitReview, type BookingReview } from '../services/reviews.service.js';
import type { FormErrors } from '../validators/validate.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

/** The review form of a completed booking, for its client only (anyone else: the booking is unknown). */

async function renderForm(
  req: Request,
  res: Response,
  state: BookingReview,
  status: number,
  failed: { values: Record<string, unknown>; errors: FormErrors } | null = null,
): Promise<void> {
  const { access } = state;
  if (access.state === 'refused') {
    req.flash('error', t(`reviews:refusals.${access.refusal}`));
    return res.redirect(303, `/bookings/${state.booking.id}`);
  }
  res.status(status).render('reviews/form', reviewFormPage({ ...state, access }, failed));
}

/** GET /bookings/:id/review */
export async function show(req: Request, res: Response): Promise<void> {
  const state = await findBookingReview(String(req.params.id), viewerOf(req), new Date());
  if (!state) throw notFound('booking');
  await renderForm(req, res, state, 200);
}

/** POST /bookings/:id/review: writes the review, or saves its edit; a refusal shows the booking (409). */
export async function create(req: Request, res: Response): Promise<void> {
  const result = await submitReview(String(req.params.id), viewerOf(req), req.body);
  if (result.ok) {
    req.flash(
      'success',
      t(result.created ? 'reviews:done.created' : result.amended ? 'reports:review.amended' : 'reviews:done.updated'),
    );
    return res.redirect(303, `/bookings/${result.bookingId}#review`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'refused') {
    return renderDetail(req, res, 409, { refusal: { messageKey: `reviews:refusals.${result.refusal}` } });
  }
  const state = await findBookingReview(String(req.params.id), viewerOf(req), new Date());
  if (!state) throw notFound('booking');
  await renderForm(req, res, state, 422, { values: result.values, errors: result.errors });
}
