import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { listingReviewsSection, type ReplyState } from '../pages/reviews.page.js';
import { bookingEntry, courseSection } from '../pages/edition.page.js';
import { listingPage, withdrawnListingPage } from '../pages/listing.page.js';
import { findPublicListing, findWithdrawnListing } from '../services/catalogue.service.js';
import { organisationOf } from '../lib/current-user.js';
import { reportPath } from '../lib/reports.js';

/** The service page, also after a reply to a review that did not go through (its form shows again). */
export async function renderListing(
  req: Request,
  res: Response,
  id: string,
  status: number,
  options: { reply?: ReplyState; alert?: string } = {},
): Promise<void> {
  const shown = await findPublicListing(id);
  if (!shown) {
    // A service that still exists but no longer shows: 410 with its provider's page, not a bare 404.
    const withdrawn = await findWithdrawnListing(id);
    if (!withdrawn) throw notFound('service');
    return res.status(410).render('services/withdrawn', withdrawnListingPage(withdrawn));
  }
  const page = listingPage(shown, config().baseUrl);
  const course = courseSection(shown.course);
  res.status(status).render('services/show', {
    ...page,
    ...bookingEntry(course, page),
    reviews: listingReviewsSection(shown.reviews, req.user ? organisationOf(req.user) : null, options),
    course,
    report:
      req.user && req.user.organisationId !== shown.listing.provider.id ? reportPath({ type: 'listing', id }) : null,
  });
}

/** GET /services/:id */
export async function show(req: Request, res: Response): Promise<void> {
  await renderListing(req, res, String(req.params.id), 200);
}
