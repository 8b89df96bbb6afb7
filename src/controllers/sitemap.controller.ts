import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { CATEGORY_IDS } from '../models/categories.repo.js';
import { listSitemapProviders } from '../models/providers.repo.js';
import { listSitemapServices } from '../models/services.repo.js';
import { categoryPath, robotsTxt, sitemapXml, type SitemapEntry } from '../services/seo.service.js';

/** One sitemap file holds at most 50,000 URLs. */
const MAX_URLS = 50_000;
const PUBLIC_PAGES = ['/', '/services', '/how-it-works', '/for-providers', '/terms', '/privacy', '/cookies'];

/** GET /sitemap.xml */
export async function show(_req: Request, res: Response): Promise<void> {
  const categoryPaths = CATEGORY_IDS.map(categoryPath);
  const fixed: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path, priority: path === '/' ? 1 : 0.6 })),
    ...categoryPaths.map((path) => ({ path, priority: 0.7 })),
  ];
  const room = MAX_URLS - fixed.length;
  const providerRows = await listSitemapProviders(Math.floor(room / 5));
  const serviceRows = await listSitemapServices(room - providerRows.length);
  const entries: SitemapEntry[] = [
    ...fixed,
    ...serviceRows.map((s) => ({ path: `/services/${s.id}`, lastModified: s.updatedAt, priority: 0.8 })),
    ...providerRows.map((p) => ({ path: `/providers/${p.id}`, lastModified: p.updatedAt, priority: 0.5 })),
  ];
  res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(config().baseUrl, entries));
}

/** GET /robots.txt */
export function robots(_req: Request, res: Response): void {
  res.type('text/plain').set('Cache-Control', 'public, max-age=86400').send(robotsTxt(config().baseUrl));
}
