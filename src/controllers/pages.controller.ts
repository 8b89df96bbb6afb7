import type { Request, RequestHandler, Response } from 'express';
import { config } from '../config/env.js';
import { aboutPage, forProvidersPage, howItWorksPage, legalPage, type LegalDocument } from '../pages/marketing.page.js';
import { retentionTopics } from '../services/account-erasure.service.js';
import { marketingContent, publicFigures } from '../services/public-figures.service.js';

/** GET /how-it-works: with the platform's figures and real reviews. */
export async function howItWorks(_req: Request, res: Response): Promise<void> {
  res.render('pages/how-it-works', howItWorksPage(await marketingContent()));
}

/** GET /for-providers */
export async function forProviders(_req: Request, res: Response): Promise<void> {
  res.render('pages/for-providers', forProvidersPage(await marketingContent()));
}

/** GET /about: the company behind the site (from the configuration) and what it does. */
export async function about(_req: Request, res: Response): Promise<void> {
  res.render('pages/about', aboutPage(config().operator, await publicFigures()));
}

/** GET /terms, /privacy, /cookies: the legal texts live in locales/it/legal.json, the operator's identity in the configuration. */
export function legal(document: LegalDocument): RequestHandler {
  return (_req, res) => {
    res.render('pages/legal', legalPage(document, config().operator, retentionTopics()));
  };
}

/** GET /register, /login: the old short paths, kept for links in the wild (query string preserved). */
export function redirectTo(target: string): RequestHandler {
  return (req, res) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.redirect(301, `${target}${query}`);
  };
}
