import { logger, errorFields } from '../config/logger.js';
import * as profiles from '../models/profiles/write.js';
import { processImage, type ImageRules } from './images.service.js';
import { loadOwnProfile, type Owner } from './profiles.service.js';
import { keyFromMediaUrl, mediaUrl, newKey, storage } from './storage.service.js';

/** The profile image (docs/product.md §5): re-encoded, stored under a random name with its thumbnail, served publicly. */

const PROFILE_IMAGE_RULES: ImageRules = Object.freeze({
  allowed: ['image/jpeg', 'image/png'] as const,
  maxDimension: 1024,
  thumbnailSizes: [300],
});
const THUMBNAIL = 300;
const PREFIX = 'profile-images';

/** "/media/profile-images/<id>.webp" -> its square 300 px thumbnail; other URLs are returned unchanged. */
export function profileThumbnailUrl(url: string | null): string | null {
  const key = keyFromMediaUrl(url);
  if (!key?.startsWith(`${PREFIX}/`) || !key.endsWith('.webp')) return url;
  return mediaUrl(key.replace(/\.webp$/, `-${THUMBNAIL}.jpg`));
}

function keysOf(url: string | null): string[] {
  const key = keyFromMediaUrl(url);
  if (!key?.startsWith(`${PREFIX}/`) || !key.endsWith('.webp')) return [];
  return [key, key.replace(/\.webp$/, `-${THUMBNAIL}.jpg`)];
}

async function deleteFiles(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage().delete(key);
    } catch (err) {
      logger.warn('could not delete a stored file', { key, ...errorFields(err) });
    }
  }
}

/** Re-encodes and stores a new profile image (throws ImageRejected for bad files); the old files go. */
export async function replaceProfileImage(owner: Owner, data: Buffer): Promise<string> {
  await loadOwnProfile(owner);
  const image = await processImage(data, PROFILE_IMAGE_RULES);
  const key = newKey(PREFIX, 'webp');
  const written = [key, ...image.thumbnails.map((th) => key.replace(/\.webp$/, `-${th.size}.jpg`))];
  await storage().put(key, image.main.data);
  for (const th of image.thumbnails) await storage().put(key.replace(/\.webp$/, `-${th.size}.jpg`), th.data);
  let previous: string | null;
  try {
    previous = await profiles.setProfileImage(owner.userType, owner.id, mediaUrl(key));
  } catch (err) {
    await deleteFiles(written);
    throw err;
  }
  await deleteFiles(keysOf(previous));
  return mediaUrl(key);
}

export async function removeProfileImage(owner: Owner): Promise<void> {
  await loadOwnProfile(owner);
  const previous = await profiles.setProfileImage(owner.userType, owner.id, null);
  await deleteFiles(keysOf(previous));
}

/** Whether a stored file is a profile image (served publicly by GET /media/profile-images/...). */
export function isProfileImageKey(key: string): boolean {
  return key.startsWith(`${PREFIX}/`) && !key.slice(PREFIX.length + 1).includes('/');
}
