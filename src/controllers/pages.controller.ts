import type { Request, RequestHandler, Response } from 'express';
import { t, tree } from '../config/i18n.js';

/** GET /how-it-works */
export function howItWorks(_req: Request, res: Response): void {
  res.render('pages/how-it-works', {
    title: t('pages:howItWorks.title'),
    description: t('pages:howItWorks.description'),
    content: tree('pages:howItWorks'),
    figures: tree('pages:figures'),
  });
}

/** GET /for-providers */
export function forProviders(_req: Request, res: Response): void {
  res.render('pages/for-providers', {
    title: t('pages:forProviders.title'),
    description: t('pages:forProviders.description'),
    content: tree('pages:forProviders'),
    figures: tree('pages:figures'),
  });
}

/** GET /terms, /privacy, /cookies: the legal texts live in locales/it/legal.json. */
export function legal(document: 'terms' | 'privacy' | 'cookies'): RequestHandler {
  return (_req, res) => {
    res.render('pages/legal', {
      title: t(`legal:${document}.title`),
      description: t(`legal:${document}.description`),
      document: tree(`legal:${document}`),
    });
  };
}

/** GET /about, /contact, /help, ...: pages still being written (SPEC §2 route table). */
export function underConstruction(titleKey: string): RequestHandler {
  return (_req, res) => {
    res.render('pages/under-construction', { title: t(`common:pages.${titleKey}`) });
  };
}

/** A route whose feature arrives with a later issue: a plain page saying so, status 200. */
export function comingSoon(titleKey: string): RequestHandler {
  return (_req, res) => {
    res.render('pages/coming-soon', { title: t(`common:pages.${titleKey}`), noindex: true });
  };
}

/** GET /register, /login: the old short paths, kept for links in the wild (query string preserved). */
export function redirectTo(target: string): RequestHandler {
  return (req, res) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.redirect(301, `${target}${query}`);
  };
}
