import { Router } from 'express';
import * as health from './controllers/health.controller.js';
import * as home from './controllers/home.controller.js';
import * as pages from './controllers/pages.controller.js';
import * as placesApi from './controllers/api/places.controller.js';
import * as providers from './controllers/providers.controller.js';
import * as search from './controllers/search.controller.js';
import * as searchApi from './controllers/api/search.controller.js';
import * as services from './controllers/services.controller.js';
import * as sitemap from './controllers/sitemap.controller.js';

/** The whole route table: one line a route, guards inline. */
export function routes(): Router {
  const r = Router();

  r.get('/healthz', health.show);
  r.get('/', home.show);

  // Marketing and legal pages
  r.get('/how-it-works', pages.howItWorks);
  r.get('/for-providers', pages.forProviders);
  r.get('/terms', pages.legal('terms'));
  r.get('/privacy', pages.legal('privacy'));
  r.get('/cookies', pages.legal('cookies'));
  for (const key of ['about', 'contact', 'help', 'faq', 'careers', 'press', 'blog', 'guides', 'regulations', 'webinars', 'api']) {
    r.get(`/${key}`, pages.underConstruction(key));
  }

  // Accounts
  r.get('/register', pages.redirectTo('/auth/register'));
  r.get('/login', pages.redirectTo('/auth/login'));
  r.get('/auth/login', pages.comingSoon('login'));
  r.get('/auth/register', pages.comingSoon('register'));
  r.get('/auth/callback', pages.comingSoon('emailVerification'));
  r.get('/auth/verify', pages.comingSoon('emailVerification'));
  r.get('/auth/reset-password', pages.comingSoon('passwordReset'));
  r.get('/forgot-password', pages.underConstruction('passwordReset'));
  r.get('/email-verification', pages.comingSoon('emailVerification'));
  r.get('/email-verification-wait', pages.comingSoon('emailVerification'));
  r.get('/email-verification-confirm', pages.comingSoon('emailVerification'));
  r.get('/email-waiting', pages.comingSoon('emailVerification'));
  r.get('/profile', pages.comingSoon('profile'));
  r.get('/client/profile', pages.comingSoon('profile'));
  r.get('/provider/profile', pages.comingSoon('profile'));

  // Discovery
  r.get('/search', search.index);
  r.get('/services', search.index);
  r.get('/services/consultation', search.categoryPage('consultation'));
  r.get('/services/training', search.categoryPage('training'));
  r.get('/services/safety', search.categoryPage('safety'));
  r.get('/services/environment', search.categoryPage('environment'));
  r.get('/services/health', search.categoryPage('health'));
  r.get('/services/create', pages.comingSoon('createService'));
  r.get('/services/:id', services.show);
  r.get('/providers/:id', providers.show);
  r.get('/api/search', searchApi.index);
  r.get('/api/places', placesApi.index);
  r.get('/api/places/reverse', placesApi.reverse);
  r.get('/sitemap.xml', sitemap.show);
  r.get('/robots.txt', sitemap.robots);

  // Bookings
  r.get('/services/:id/book', pages.comingSoon('booking'));
  r.get('/dashboard', pages.comingSoon('dashboard'));
  r.get('/bookings', pages.comingSoon('bookings'));
  r.get('/bookings/:id', pages.comingSoon('bookings'));
  r.get('/notifications', pages.comingSoon('notifications'));
  r.get('/analytics', pages.comingSoon('analytics'));

  return r;
}
