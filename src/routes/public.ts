import type { Router } from 'express';
import * as contactRequests from '../controllers/contact-requests.controller.js';
import * as guides from '../controllers/guides.controller.js';
import * as help from '../controllers/help.controller.js';
import * as home from '../controllers/home.controller.js';
import * as landing from '../controllers/landing.controller.js';
import * as pages from '../controllers/pages.controller.js';
import * as regulations from '../controllers/regulations.controller.js';
import * as savedSearches from '../controllers/saved-searches.controller.js';
import * as sitemap from '../controllers/sitemap.controller.js';
import * as webinars from '../controllers/webinars.controller.js';
import { keptPage } from '../middleware/page-cache.js';
import { readsFromReplica } from '../middleware/read-routing.js';
import { HOME_READS } from './kept-reads.js';
import { byEmail, byIp, rateLimit, HOUR, type RateRule } from '../middleware/rate-limit.js';

/** A contact form per IP: enough for a person, too few for a spammer. */
const CONTACT_PER_IP: RateRule = { name: 'contact-ip', limit: 5, windowSeconds: HOUR };
/** "Avvisami" per IP: a person saves a few searches; each visitor's address is confirmed by a link too. */
export const SAVED_SEARCHES_PER_IP: RateRule = { name: 'saved-search-ip', limit: 10, windowSeconds: HOUR };
/** And per address, from any IP: one mailbox cannot be flooded with confirmation links. */
export const SAVED_SEARCHES_PER_EMAIL: RateRule = { name: 'saved-search-email', limit: 10, windowSeconds: HOUR };

/** Home, marketing and legal pages, help and contact, and what crawlers read. */
export function publicRoutes(r: Router): void {
  // The catalogue pages a visitor sees the same as any other: kept in memory while the catalogue is unchanged,
  // read from the replica when there is one.
  r.get('/', readsFromReplica, keptPage(HOME_READS), home.show);

  r.get('/how-it-works', pages.howItWorks);
  r.get('/for-providers', pages.forProviders);
  r.get('/terms', pages.legal('terms'));
  r.get('/privacy', pages.legal('privacy'));
  r.get('/cookies', pages.legal('cookies'));
  r.get('/about', pages.about);
  r.get('/regulations', regulations.show);
  r.get('/guides', guides.index);
  r.get('/guides/:kind', guides.show);
  r.get('/servizi/:topic/:city', landing.show);
  r.get('/webinars', webinars.index);

  r.get('/faq', help.faq);
  r.get('/help', help.help);
  r.get('/contact', contactRequests.newRequest);
  r.post('/contact', rateLimit(CONTACT_PER_IP, byIp, contactRequests.limited), contactRequests.create);

  // "Avvisami": anyone saves a search; the links of its emails work without signing in (GET shows, POST acts).
  r.get('/avvisi/nuovo', savedSearches.newAlert);
  r.post(
    '/avvisi',
    rateLimit(SAVED_SEARCHES_PER_IP, byIp, savedSearches.limited),
    rateLimit(SAVED_SEARCHES_PER_EMAIL, byEmail, savedSearches.limited),
    savedSearches.create,
  );
  r.get('/avvisi/conferma', savedSearches.showConfirmation);
  r.post('/avvisi/conferma', savedSearches.confirm);
  r.get('/avvisi/disiscrizione', savedSearches.showUnsubscribe);
  r.post('/avvisi/disiscrizione', savedSearches.destroy);

  r.get('/sitemap.xml', readsFromReplica, sitemap.show);
  r.get('/robots.txt', sitemap.robots);
}
