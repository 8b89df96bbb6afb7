import type { Request, RequestHandler, Response } from 'express';
import {
  forProvidersPage,
  howItWorksPage,
  legalPage,
  underConstructionPage,
  type LegalDocument,
} from '../pages/marketing.page.js';

/** GET /how-it-works */
export function howItWorks(_req: Request, res: Response): void {
  res.render('pages/how-it-works', howItWorksPage());
}

/** GET /for-providers */
export function forProviders(_req: Request, res: Response): void {
  res.render('pages/for-providers', forProvidersPage());
}

/** GET /terms, /privacy, /cookies: the legal texts live in locales/it/legal.json. */
export function legal(document: LegalDocument): RequestHandler {
  return (_req, res) => {
    res.render('pages/legal', legalPage(document));
  };
}

/** GET /about, /contact, /help, ...: pages still being written (docs/product.md §2 route table). */
export function underConstruction(titleKey: string): RequestHandler {
  return (_req, res) => {
    res.render('pages/under-construction', underConstructionPage(titleKey));
  };
}

/** GET /register, /login: the old short paths, kept for links in the wild (query string preserved). */
export function redirectTo(target: string): RequestHandler {
  return (req, res) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.redirect(301, `${target}${query}`);
  };
}
