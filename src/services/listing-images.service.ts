import { transaction, type Trx } from '../db/knex.js';
import { isUuid } from '../lib/uuid.js';
import {
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGE_MIN_HEIGHT,
  LISTING_IMAGE_MIN_WIDTH,
  LISTING_IMAGE_TYPES,
  LISTING_IMAGES_MAX,
} from '../lib/upload-limits.js';
import * as images from '../models/listings/images.js';
import type { ListingImage } from '../models/listings/images.js';
import { ImageRejected, processImage, type ImageRules, type ProcessedImage } from './images.service.js';
import { newKey, storage } from './storage.service.js';
import {
  deleteFiles,
  keysOf,
  storedFileResult,
  toFormImage,
  variantKey,
  type FormImage,
  type StoredFileResult,
} from './listing-image-files.service.js';

export * from './listing-image-files.service.js';

/**
 * Service photos (docs/product.md §5, §7, §9). An upload is checked and re-encoded at once and kept as a *pending*
 * image of its owner (service_id NULL) under a random key in the provider's folder; saving the service form
 * attaches the listed ones in order (the first is the cover) and removes the others. Pending images nobody
 * saved are removed by the job runner after a day.
 */

export interface UploadedFile {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/**
 * Why an image is refused: too large, not an image of an accepted type, too small, unreadable, one more than
 * the service may have, or too many uploaded and not yet saved.
 */
export type ImageProblem =
  'too_large' | 'type' | 'dimensions' | 'shape' | 'unreadable' | 'too_many' | 'too_many_pending' | 'failed';

export interface StageResult {
  images: FormImage[];
  errors: { name: string; problem: ImageProblem }[];
}

/**
 * A save listing more images than a service may have: thrown to roll the save back; the form shows the
 * problem beside its images field.
 */
export class ListingImagesInvalid extends Error {
  readonly field = 'images';
  constructor(readonly problem: ImageProblem) {
    super(`images refused: ${problem}`);
    this.name = 'ListingImagesInvalid';
  }
}

export const VARIANT_SIZES = [150, 300, 600] as const;
/** The main image's longest side: sharp enough for a full-width gallery, light enough for a phone. */
const MAIN_MAX_SIDE = 2048;
/** Uploaded and not (yet) saved in a service: more than this waiting at once is refused. */
const PENDING_MAX = 40;
const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

const RULES: ImageRules = Object.freeze({
  allowed: LISTING_IMAGE_TYPES,
  maxDimension: MAIN_MAX_SIDE,
  thumbnailSizes: VARIANT_SIZES,
  minWidth: LISTING_IMAGE_MIN_WIDTH,
  minHeight: LISTING_IMAGE_MIN_HEIGHT,
  thumbnailShape: 'width',
});

/** The name a person gave the file, kept for display only (never used as a storage name). */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || '-';
}

type Checked = { ok: true; image: ProcessedImage } | { ok: false; problem: ImageProblem };

async function check(file: UploadedFile): Promise<Checked> {
  if (file.size > LISTING_IMAGE_MAX_BYTES) return { ok: false, problem: 'too_large' };
  if (file.size === 0) return { ok: false, problem: 'unreadable' };
  try {
    return { ok: true, image: await processImage(file.buffer, RULES) };
  } catch (err) {
    if (err instanceof ImageRejected) return { ok: false, problem: err.reason };
    throw err;
  }
}

/**
 * The processing an upload gets (type from the bytes, 400×300 at least, WebP main image and 150/300/600
 * variants), for images the application makes itself: the demo's photos (seeds/lib/photos.ts).
 */
export function processListingImage(data: Buffer): Promise<ProcessedImage> {
  return processImage(data, RULES);
}

export type ImageVariantRecord = ListingImage['variants'][number];

/**
 * Writes a processed image's files through the storage interface: the main image at `key` (….webp) and
 * each variant beside it; the variants as a service_images row records them. On a failure the files
 * written so far are removed.
 */
export async function putListingImageFiles(key: string, image: ProcessedImage): Promise<ImageVariantRecord[]> {
  const written = [key];
  try {
    await storage().put(key, image.main.data);
    const variants = [];
    for (const thumb of image.thumbnails) {
      const thumbKey = variantKey(key, thumb.size);
      written.push(thumbKey);
      await storage().put(thumbKey, thumb.data);
      variants.push({ size: thumb.size, key: thumbKey, width: thumb.width });
    }
    return variants;
  } catch (err) {
    await deleteFiles(written);
    throw err;
  }
}

async function store(ownerId: string, file: UploadedFile, image: ProcessedImage): Promise<ListingImage> {
  const key = newKey(`services/${ownerId}`, 'webp');
  const variants = await putListingImageFiles(key, image);
  try {
    return await images.insertPending({
      ownerId,
      storageKey: key,
      originalName: displayName(file.originalname),
      mimeType: 'image/webp',
      width: image.main.width,
      height: image.main.height,
      sizeBytes: image.main.data.length,
      variants,
    });
  } catch (err) {
    await deleteFiles([key, ...variants.map((v) => v.key)]);
    throw err;
  }
}

interface Staged {
  rows: { row: ListingImage; sourceType: string }[];
  errors: StageResult['errors'];
}

async function stage(ownerId: string, files: UploadedFile[], alreadyCount: number): Promise<Staged> {
  const result: Staged = { rows: [], errors: [] };
  if (files.length === 0) return result;
  const pending = await images.countPending(ownerId);
  let room = Math.max(0, Math.min(LISTING_IMAGES_MAX - alreadyCount, PENDING_MAX - pending));
  const tooMany: ImageProblem = pending >= PENDING_MAX ? 'too_many_pending' : 'too_many';
  // Checked together (images.service lets a bounded number through at a time), kept in the files' order.
  const checked = await Promise.all(
    files.map((file, i) => (i < room ? check(file) : Promise.resolve<Checked>({ ok: false, problem: tooMany }))),
  );
  for (const [i, file] of files.entries()) {
    const outcome = checked[i]!;
    const name = displayName(file.originalname);
    if (!outcome.ok) result.errors.push({ name, problem: outcome.problem });
    else if (room <= 0) result.errors.push({ name, problem: tooMany });
    else {
      room -= 1;
      result.rows.push({ row: await store(ownerId, file, outcome.image), sourceType: outcome.image.sourceType });
    }
  }
  return result;
}

/**
 * Checks, re-encodes and keeps each file as a pending image of its owner; refused files come back with
 * the reason's problem. `alreadyCount`: images the service being edited already has (or the form
 * already holds), so that no more than 10 are accepted in all.
 */
export async function stageListingImages(
  ownerId: string,
  files: UploadedFile[],
  alreadyCount = 0,
): Promise<StageResult> {
  const staged = await stage(ownerId, files, alreadyCount);
  return { images: staged.rows.map(({ row }) => toFormImage(row)), errors: staged.errors };
}

/** One upload of the island: its docs/product.md §3 Stored file result, or the reason it was refused. */
export async function stageOneListingImage(
  ownerId: string,
  file: UploadedFile,
  alreadyCount: number,
  lastModified?: number,
): Promise<{ ok: true; result: StoredFileResult } | { ok: false; problem: ImageProblem }> {
  const staged = await stage(ownerId, [file], alreadyCount);
  const first = staged.rows[0];
  if (!first) return { ok: false, problem: staged.errors[0]?.problem ?? 'failed' };
  return { ok: true, result: storedFileResult(first.row, { size: file.size, type: first.sourceType, lastModified }) };
}

/**
 * Sets the service's images to `orderedIds` (the owner's pending ones or those already on this service;
 * anything else is ignored), the first as the cover; the service's images not listed are removed, rows
 * and files. Runs in `trx` when given (the files go once it commits), otherwise in its own transaction.
 */
export async function attachListingImages(
  ownerId: string,
  listingId: string,
  orderedIds: string[],
  trx?: Trx,
): Promise<void> {
  const wanted = [...new Set(orderedIds.filter(isUuid))];
  if (wanted.length > LISTING_IMAGES_MAX) throw new ListingImagesInvalid('too_many');
  const run = async (t: Trx): Promise<ListingImage[]> => {
    const current = await images.listForListing(listingId, t, true);
    const allowed = new Set(await images.lockAttachable(ownerId, listingId, wanted, t));
    const ordered = wanted.filter((id) => allowed.has(id));
    const keep = new Set(ordered);
    // Remove first, then place: positions never collide with a row on its way out.
    const removed = await images.deleteByIds(
      current.filter((row) => !keep.has(row.id)).map((row) => row.id),
      t,
    );
    for (const [position, id] of ordered.entries()) await images.place(id, listingId, position, t);
    return removed;
  };
  if (!trx) {
    const removed = await transaction(run);
    await deleteFiles(removed.flatMap(keysOf));
    return;
  }
  const removed = await run(trx);
  if (removed.length === 0) return;
  // The files go only once the caller's transaction has committed (a rollback keeps the rows and them).
  trx.executionPromise.then(
    () => deleteFiles(removed.flatMap(keysOf)),
    () => undefined,
  );
}

/** The owner's images among `ids`, in that order: a form redrawn with what was already uploaded. */
export async function formImages(ownerId: string, ids: string[]): Promise<FormImage[]> {
  const rows = await images.findOwned(ownerId, [...new Set(ids.filter(isUuid))].slice(0, LISTING_IMAGES_MAX * 2));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    byId.delete(id);
    return row ? [toFormImage(row)] : [];
  });
}

/** The edit form's initial images, the cover first. */
export async function listingFormImages(listingId: string): Promise<FormImage[]> {
  return (await images.listForListing(listingId)).map(toFormImage);
}

/** Every image of a service, rows and files (the service is being deleted). */
export async function removeListingImages(listingId: string, trx?: Trx): Promise<void> {
  const removed = await images.deleteForListing(listingId, trx);
  if (removed.length === 0) return;
  if (!trx) return deleteFiles(removed.flatMap(keysOf));
  trx.executionPromise.then(
    () => deleteFiles(removed.flatMap(keysOf)),
    () => undefined,
  );
}

/**
 * DELETE /api/service-images/:id: the owner's pending image, or one on the owner's service (the service
 * keeps the others). False when there is no such image of this owner.
 */
export async function removeOwnImage(ownerId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await images.findOwned(ownerId, [id]);
  if (!row) return false;
  const removed = await images.deleteByIds([row.id]);
  await deleteFiles(removed.flatMap(keysOf));
  return removed.length > 0;
}

/** Job runner: pending images older than a day (uploaded, never saved) go, rows and files. */
export async function removeStalePendingImages(now = Date.now()): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await images.deleteStalePending(new Date(now - PENDING_TTL_MS), 100);
    await deleteFiles(removed.flatMap(keysOf));
    total += removed.length;
    if (removed.length < 100) return total;
  }
}
