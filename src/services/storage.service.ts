import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { config } from '../config/env.js';
import { S3Storage } from './s3-storage.service.js';

/**
 * Where uploaded files live. Keys are generated here ("profile-images/<uuid>.webp"), never taken from the
 * upload's own name. Local disk under DATA_DIR/uploads by default; an S3-compatible bucket when
 * STORAGE_DRIVER=s3 (s3-storage.service.ts). Either way the files are served by the app's /media routes.
 */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
});

// prefix/segments of lower-case letters, digits and dashes, one extension we know.
const KEY_SHAPE = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.([a-z0-9]+)$/;

export function isValidKey(key: string): boolean {
  const match = KEY_SHAPE.exec(key);
  return match !== null && match[2]! in CONTENT_TYPES;
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** A fresh random key under a prefix: `newKey('profile-images', 'webp')`. */
export function newKey(prefix: string, extension: string): string {
  const key = `${prefix}/${randomUUID()}.${extension}`;
  if (!isValidKey(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, data, { mode: 0o640 });
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      // Opened first, then measured and streamed from the same handle: a file deleted meanwhile is
      // still read whole (or not found), never cut off halfway through an answer.
      handle = await open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(), contentType: contentTypeOf(key), size: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

let current: Storage | null = null;

export function storage(): Storage {
  if (!current) {
    const settings = config().storage;
    current =
      settings.driver === 's3' ? new S3Storage(settings) : new LocalDiskStorage(path.join(config().dataDir, 'uploads'));
  }
  return current;
}

/** Tests install their own. */
export function setStorage(next: Storage | null): void {
  current = next;
}

/** The public path of a file served by our own media route. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/** The key behind one of our media URLs, or null for anything else. */
export function keyFromMediaUrl(url: string | null): string | null {
  if (!url?.startsWith('/media/')) return null;
  const key = url.slice('/media/'.length);
  return isValidKey(key) ? key : null;
}
