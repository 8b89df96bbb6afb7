import { CATEGORY_IDS } from '../lib/categories.js';
import type { SitemapSources } from '../services/catalogue.service.js';
import { categoryPath } from './seo.js';
import { TRAINING_KINDS } from '../lib/training-kinds.js';
import { guideSlug } from '../lib/guide-paths.js';

/** /sitemap.xml and /robots.txt: what search engines read to find the public pages. */

/** One sitemap file holds at most 50,000 URLs. */
const MAX_URLS = 50_000;
const PUBLIC_PAGES = ['/', '/services', '/how-it-works', '/for-providers', '/terms', '/privacy', '/cookies'];

const absolute = (baseUrl: string, path: string): string => `${baseUrl}${path}`;

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
  priority?: number;
}

/** sitemaps.org XML (at most 50,000 URLs in one file). */
function sitemapXml(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const parts = [`<loc>${xmlEscape(absolute(baseUrl, e.path))}</loc>`];
    if (e.lastModified) parts.push(`<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>`);
    if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Private and machine pages stay out of search engines; the sitemap lists the rest. */
export function robotsTxt(baseUrl: string): string {
  const disallow = [
    '/api/',
    '/auth/',
    '/dashboard',
    '/bookings',
    '/profile',
    '/client/',
    '/provider/',
    '/notifications',
    '/analytics',
    '/services/create',
    '/services/*/book',
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function fixedEntries(): SitemapEntry[] {
  return [
    ...PUBLIC_PAGES.map((path) => ({ path, priority: path === '/' ? 1 : 0.6 })),
    ...CATEGORY_IDS.map(categoryPath).map((path) => ({ path, priority: 0.7 })),
    { path: '/guides', priority: 0.6 },
    ...TRAINING_KINDS.map((kind) => ({ path: `/guides/${guideSlug(kind)}`, priority: 0.6 })),
  ];
}

/** How many service and provider pages fit in the file beside the fixed ones. */
export const SITEMAP_ROOM = MAX_URLS - fixedEntries().length;

/** The whole sitemap: fixed pages, category listings, the landing pages of a topic in a city, services, providers. */
export function sitemapPage(baseUrl: string, sources: SitemapSources, landings: readonly string[] = []): string {
  return sitemapXml(baseUrl, [
    ...fixedEntries(),
    ...landings.map((path) => ({ path, priority: 0.7 })),
    ...sources.listings.map((s) => ({ path: `/services/${s.id}`, lastModified: s.updatedAt, priority: 0.8 })),
    ...sources.providers.map((p) => ({ path: `/providers/${p.id}`, lastModified: p.updatedAt, priority: 0.5 })),
  ]);
}
