import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { notFound } from '../lib/app-error.js';
import { servicePage } from '../pages/service.page.js';
import { findServiceListing } from '../services/catalogue.service.js';

/** GET /services/:id */
export async function show(req: Request, res: Response): Promise<void> {
  const listing = await findServiceListing(String(req.params.id));
  if (!listing) throw notFound('service');
  res.render('services/show', servicePage(listing, config().baseUrl));
}
