import type { Request, Response } from 'express';
import { config } from '../config/env.js';
import { SITEMAP_ROOM, robotsTxt, sitemapPage } from '../pages/sitemap.page.js';
import { sitemapSources } from '../services/catalogue.service.js';
import { landingCombinations } from '../services/landing.service.js';
import { landingPath } from '../lib/landing-topics.js';

/** GET /sitemap.xml */
export async function show(_req: Request, res: Response): Promise<void> {
  const landings = (await landingCombinations()).map((l) => landingPath(l.topic, l.city));
  const sources = await sitemapSources(SITEMAP_ROOM - landings.length);
  res
    .type('application/xml')
    .set('Cache-Control', 'public, max-age=3600')
    .send(sitemapPage(config().baseUrl, sources, landings));
}

/** GET /robots.txt */
export function robots(_req: Request, res: Response): void {
  res.type('text/plain').set('Cache-Control', 'public, max-age=86400').send(robotsTxt(config().baseUrl));
}
