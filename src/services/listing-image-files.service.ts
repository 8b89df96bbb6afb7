import { logger, errorFields } from '../config/logger.js';
import type { UploaderImage } from '../lib/image-uploader.shared.js';
import type { ListingImage } from '../models/listings/images.js';
import { mediaUrl, storage } from './storage.service.js';

/** A service photo's files: their addresses (srcset, thumbnails), the API's answer, their removal. */

/** A photo as a form shows it (the uploader island's own type). */
export type FormImage = UploaderImage;

/** docs/product.md §3 "Stored file result", the answer of POST /api/service-images. */
export interface StoredFileResult {
  id: string;
  url: string;
  path: string;
  size: number;
  metadata: { name: string; size: number; type: string; lastModified: number };
  thumbnails: { size: number; url: string }[];
}

export function variantKey(mainKey: string, size: number): string {
  return mainKey.replace(/\.webp$/, `-${size}.jpg`);
}

export function keysOf(row: ListingImage): string[] {
  return [row.storageKey, ...row.variants.map((v) => v.key)];
}

export async function deleteFiles(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage().delete(key);
    } catch (err) {
      logger.warn('could not delete a stored file', { key, ...errorFields(err) });
    }
  }
}

/** "…-150.jpg 150w, …-300.jpg 300w, …-600.jpg 600w, ….webp 2048w" (the same picture at each width). */
export function srcsetOf(row: Pick<ListingImage, 'storageKey' | 'width' | 'variants'>): string {
  const entries = row.variants
    .filter((v) => v.width < row.width)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaUrl(v.key)} ${v.width}w`);
  return [...entries, `${mediaUrl(row.storageKey)} ${row.width}w`].join(', ');
}

/** The smallest variant at least `min` wide, else the main image. */
export function variantUrl(row: Pick<ListingImage, 'storageKey' | 'variants'>, min: number): string {
  const variant = [...row.variants].sort((a, b) => a.size - b.size).find((v) => v.size >= min);
  return mediaUrl(variant?.key ?? row.storageKey);
}

export function toFormImage(row: ListingImage): FormImage {
  return {
    id: row.id,
    url: mediaUrl(row.storageKey),
    thumbnailUrl: variantUrl(row, 150),
    srcset: srcsetOf(row),
    name: row.originalName,
    width: row.width,
    height: row.height,
  };
}

export function storedFileResult(
  row: ListingImage,
  upload: { size: number; type: string; lastModified?: number },
): StoredFileResult {
  return {
    id: row.id,
    url: mediaUrl(row.storageKey),
    path: row.storageKey,
    size: row.sizeBytes,
    metadata: {
      name: row.originalName ?? '',
      size: upload.size,
      type: upload.type,
      lastModified: upload.lastModified ?? row.createdAt.getTime(),
    },
    thumbnails: row.variants.map((v) => ({ size: v.size, url: mediaUrl(v.key) })),
  };
}

/** Whether a key is a service image's file (served publicly by GET /media/services/...). */
export function isListingImageKey(key: string): boolean {
  return /^services\/[0-9a-f-]{36}\/[0-9a-f-]{36}(-\d+)?\.(webp|jpg)$/.test(key);
}
