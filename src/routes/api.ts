import type { Router } from 'express';
import * as availabilityApi from '../controllers/api/availability.controller.js';
import * as listingImagesApi from '../controllers/api/listing-images.controller.js';
import * as placesApi from '../controllers/api/places.controller.js';
import * as searchApi from '../controllers/api/search.controller.js';
import { LISTING_IMAGE_MAX_BYTES } from '../lib/upload-limits.js';
import { requireGrant } from '../middleware/auth.js';
import { keptPage } from '../middleware/page-cache.js';
import { readsFromReplica } from '../middleware/read-routing.js';
import { SEARCH_READS } from './kept-reads.js';
import { singleFileUpload } from '../middleware/upload.js';

/** The JSON the islands call: search, places, a listing's availability, the photo uploader. */
export function apiRoutes(r: Router): void {
  r.get('/api/search', readsFromReplica, keptPage(SEARCH_READS), searchApi.index);
  r.get('/api/places', placesApi.index);
  r.get('/api/places/reverse', placesApi.reverse);
  r.get('/api/services/:id/availability', availabilityApi.show);
  // A service's photos are its listing's: a member whose role may not change services is refused (403 JSON).
  const listingEditor = requireGrant('services.manage');
  r.post(
    '/api/service-images',
    listingImagesApi.providersOnly,
    listingEditor,
    singleFileUpload('image', LISTING_IMAGE_MAX_BYTES),
    listingImagesApi.create,
  );
  r.delete('/api/service-images/:id', listingImagesApi.signedInOnly, listingEditor, listingImagesApi.destroy);
}
