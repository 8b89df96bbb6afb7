import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { providerPage } from '../pages/provider.page.js';
import { providerReviewsSection } from '../pages/reviews.page.js';
import { findProviderListing } from '../services/catalogue.service.js';

/** GET /providers/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const listing = await findProviderListing(String(req.params.id));
  if (!listing) throw notFound('provider');
  res.render('providers/show', {
    ...providerPage(listing, config().baseUrl),
    reviews: providerReviewsSection(listing.reviews),
  });
}
