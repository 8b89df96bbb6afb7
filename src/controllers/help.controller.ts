import type { Request, Response } from 'express';
import { faqPage, helpPage } from '../pages/help.page.js';

/** GET /faq */
export function faq(_req: Request, res: Response): void {
  res.render('pages/faq', faqPage());
}

/** GET /help */
export function help(_req: Request, res: Response): void {
  res.render('pages/help', helpPage());
}
