import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { providerPage } from '../pages/provider.page.js';
import { providerReviewsSection } from '../pages/reviews.page.js';
import { findProviderWithListings } from '../services/catalogue.service.js';
import { requestedPage } from '../lib/search.shared.js';
import { organisationOf } from '../lib/current-user.js';
import { reportPath } from '../lib/reports.js';

/** GET /providers/:id?page=N: the profile with one page of the provider's services. */
export async function show(req: Request, res: Response): Promise<void> {
  const page = requestedPage(req.query.page);
  const id = String(req.params.id);
  const shown = await findProviderWithListings(id, page);
  if (!shown) throw notFound('provider');
  // A page past the end (services paused since the link was made) goes to the last one.
  if (page > shown.totalPages)
    return res.redirect(shown.totalPages > 1 ? `/providers/${id}?page=${shown.totalPages}` : `/providers/${id}`);
  res.render('providers/show', {
    ...providerPage(shown, config().baseUrl),
    reviews: providerReviewsSection(shown.reviews, req.user ? organisationOf(req.user) : null),
    report: req.user && req.user.organisationId !== id ? reportPath({ type: 'provider', id }) : null,
  });
}
