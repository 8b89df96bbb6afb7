import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { serviceReviewsSection, type ReplyState } from '../pages/reviews.page.js';
import { courseSection } from '../pages/edition.page.js';
import { servicePage } from '../pages/service.page.js';
import { findServiceListing } from '../services/catalogue.service.js';

/** The service page, also after a reply to a review that did not go through (its form shows again). */
export async function renderService(
  req: Request,
  res: Response,
  id: string,
  status: number,
  options: { reply?: ReplyState; alert?: string } = {},
): Promise<void> {
  const listing = await findServiceListing(id);
  if (!listing) throw notFound('service');
  res.status(status).render('services/show', {
    ...servicePage(listing, config().baseUrl),
    reviews: serviceReviewsSection(listing.reviews, req.user ?? null, options),
    course: courseSection(listing.course),
  });
}

/** GET /services/:id */
export async function show(req: Request, res: Response): Promise<void> {
  await renderService(req, res, String(req.params.id), 200);
}
