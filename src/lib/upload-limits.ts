// How large an upload may be, read by the routes (multer's limit), the services and the pages' hints.

/** docs/product.md §5: profile images are JPG or PNG up to 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A booking document (PDF or image): docs/product.md §9's default upload size, 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A message's attachment is a document like a booking's, with the same limit. */
export const ATTACHMENT_MAX_BYTES = DOCUMENT_MAX_BYTES;

/**
 * A service photo: 10 MB, not 5 (docs/product.md §5, §9). There were two readings — 5 MB for stored service
 * images, 10 MB on the create-service form a provider actually uses — and we apply one. We take the
 * form's 10 MB because (1) it is the limit the provider is told, and (2) what we store is never the
 * upload: every photo is re-encoded to WebP at most 2048 px wide (usually well under 1 MB), so the 5 MB
 * storage rule holds for every stored file anyway, while a straight-from-the-phone 12–48 MP JPEG (often
 * 5–10 MB) is accepted instead of refused for a size the provider cannot see.
 */
export const LISTING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** docs/product.md §5/§9: at most 10 images per service. */
export const LISTING_IMAGES_MAX = 10;

/** docs/product.md §5: JPG, PNG or WebP, read from the bytes (the browser's hint only guides the picker). */
export const LISTING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** docs/product.md §5: service images are at least 400×300. */
export const LISTING_IMAGE_MIN_WIDTH = 400;
export const LISTING_IMAGE_MIN_HEIGHT = 300;

/** A workers' CSV import: a few thousand rows fit in 256 KB; the rows are read in one request. */
export const WORKERS_CSV_MAX_BYTES = 256 * 1024;
export const WORKERS_CSV_MAX_ROWS = 2000;
