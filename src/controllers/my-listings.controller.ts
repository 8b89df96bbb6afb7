import type { Request, Response } from 'express';
import { myListingsPage } from '../pages/my-listings.page.js';
import { listOwnListings } from '../services/listings.service.js';

/** GET /provider/services ("I Miei Servizi") */
export async function index(req: Request, res: Response): Promise<void> {
  res.render('services/mine', myListingsPage(await listOwnListings(req.user!.organisationId)));
}
