import type { Router } from 'express';
import * as courseEditions from '../controllers/course-editions.controller.js';
import * as listingForms from '../controllers/listing-forms.controller.js';
import * as listingImageFiles from '../controllers/listing-image-files.controller.js';
import * as listingStatuses from '../controllers/listing-statuses.controller.js';
import * as listings from '../controllers/listings.controller.js';
import * as myListings from '../controllers/my-listings.controller.js';
import * as providers from '../controllers/providers.controller.js';
import * as search from '../controllers/search.controller.js';
import { LISTING_IMAGE_MAX_BYTES, LISTING_IMAGES_MAX } from '../lib/upload-limits.js';
import { redirectVisitorsToLogin, requireMember, requirePermission } from '../middleware/auth.js';
import { keptPage } from '../middleware/page-cache.js';
import { readsFromReplica } from '../middleware/read-routing.js';
import { PROVIDER_PAGE_READS, SEARCH_READS } from './kept-reads.js';
import { multiFileUpload } from '../middleware/upload.js';

/** Search, the catalogue's public pages, and a provider's own listings and course editions. */
export function catalogueRoutes(r: Router): void {
  // The public pages read a streaming replica when one is set and current enough (middleware/read-routing.ts).
  const searchPage = keptPage(SEARCH_READS);
  r.get('/search', readsFromReplica, searchPage, search.index);
  r.get('/services', readsFromReplica, searchPage, search.index);
  r.get('/services/consultation', readsFromReplica, searchPage, search.categoryPage('consultation'));
  r.get('/services/training', readsFromReplica, searchPage, search.categoryPage('training'));
  r.get('/services/safety', readsFromReplica, searchPage, search.categoryPage('safety'));
  r.get('/services/environment', readsFromReplica, searchPage, search.categoryPage('environment'));
  r.get('/services/health', readsFromReplica, searchPage, search.categoryPage('health'));

  // A provider's catalogue: visitors log in first, other accounts see "Accesso Riservato ai Fornitori".
  const providerOnly = requirePermission(
    'services.manage',
    'errors:providersOnly.title',
    'errors:providersOnly.createService',
  );
  const listingOwner = requireMember('errors:accessRequired.body', 'services.manage');
  const editionOwner = requireMember('errors:accessRequired.body', 'editions.manage');
  r.get('/services/create', redirectVisitorsToLogin, providerOnly, listingForms.newListing);
  const listingForm = multiFileUpload('images', LISTING_IMAGES_MAX, LISTING_IMAGE_MAX_BYTES);
  r.post('/services', providerOnly, listingForm, listingForms.create);
  r.get('/services/:id/edit', redirectVisitorsToLogin, listingOwner, listingForms.edit);
  r.post('/services/:id/edit', listingOwner, listingForm, listingForms.update);
  r.post('/services/:id/pause', listingOwner, listingStatuses.pause);
  r.post('/services/:id/resume', listingOwner, listingStatuses.resume);
  r.post('/services/:id/deletion', listingOwner, listingStatuses.destroy);
  r.get('/provider/services', redirectVisitorsToLogin, providerOnly, myListings.index);
  const editionsOwner = requirePermission(
    'editions.manage',
    'errors:providersOnly.title',
    'errors:providersOnly.editions',
  );
  r.get('/provider/editions', redirectVisitorsToLogin, editionsOwner, courseEditions.agenda);
  // Course editions: the owner's list, form and edit form; anyone else gets 404.
  r.get('/services/:id/editions', redirectVisitorsToLogin, editionOwner, courseEditions.index);
  r.post('/services/:id/editions', editionOwner, courseEditions.create);
  r.get('/editions/:id/edit', redirectVisitorsToLogin, editionOwner, courseEditions.edit);
  r.post('/editions/:id/edit', editionOwner, courseEditions.update);
  r.get('/editions/:id', readsFromReplica, courseEditions.show);
  r.get('/services/:id', readsFromReplica, listings.show);
  r.get('/providers/:id', readsFromReplica, keptPage(PROVIDER_PAGE_READS), providers.show);
  r.get('/media/services/:owner/:file', listingImageFiles.show);
}
