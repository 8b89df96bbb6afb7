import type { Request, Response } from 'express';
import { webinarsPage } from '../pages/webinars.page.js';
import { upcomingWebinars } from '../services/webinars.service.js';

/** GET /webinars: the upcoming online synchronous editions. */
export async function index(_req: Request, res: Response): Promise<void> {
  res.render('webinars/index', webinarsPage(await upcomingWebinars()));
}
