import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { SITEMAP_ROOM, robotsTxt, sitemapPage } from '../pages/sitemap.page.js';
import { sitemapSources } from '../services/catalogue.service.js';

/** GET /sitemap.xml */
export async function show(_req: Request, res: Response): Promise<void> {
  const sources = await sitemapSources(SITEMAP_ROOM);
  res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapPage(config().baseUrl, sources));
}

/** GET /robots.txt */
export function robots(_req: Request, res: Response): void {
  res.type('text/plain').set('Cache-Control', 'public, max-age=86400').send(robotsTxt(config().baseUrl));
}
