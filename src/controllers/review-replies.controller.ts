import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { replyToReview } from '../services/reviews.service.js';
import { viewerOf } from './bookings.controller.js';
import { renderListing } from './listings.controller.js';

/** POST /reviews/:id/reply: the service's provider answers a review once, in public (anyone else: 404). */
export async function create(req: Request, res: Response): Promise<void> {
  const reviewId = String(req.params.id);
  const result = await replyToReview(reviewId, viewerOf(req), req.body);
  if (result.ok) {
    req.flash('success', t('reviews:reply.done'));
    return res.redirect(303, `/services/${result.listingId}#review-${reviewId}`);
  }
  if (result.kind === 'not_found') throw notFound('page');
  if (result.kind === 'refused') {
    return renderListing(req, res, result.listingId, 409, { alert: t(`reviews:refusals.${result.refusal}`) });
  }
  await renderListing(req, res, result.listingId, 422, {
    reply: { reviewId, values: result.values, errors: result.errors },
  });
}
