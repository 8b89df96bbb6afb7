import type { Request, Response } from 'express';
import { FEATURED_PROVIDERS_ON_HOME, homePage } from '../pages/home.page.js';
import { homeContent } from '../services/catalogue.service.js';

/** GET / */
export async function show(_req: Request, res: Response): Promise<void> {
  res.render('home/show', homePage(await homeContent(FEATURED_PROVIDERS_ON_HOME)));
}
