import type { Response } from 'express';
import { logger, errorFields } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { storage } from '../services/storage.service.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Streams a public stored file (a profile image, a service photo or one of its variants) by its key,
 * which the caller has checked. Whatever the storage driver, the file goes through here: the bucket stays
 * private and the addresses do not change with the driver. Keys are random and never reused, so the
 * file can be cached for good.
 */
export async function sendPublicMedia(res: Response, key: string): Promise<void> {
  const file = await storage().get(key);
  if (!file) throw notFound();
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
  res.setHeader('Content-Disposition', 'inline');
  file.body.on('error', (err) => {
    logger.error('media stream failed', { key, ...errorFields(err) });
    res.destroy(err);
  });
  file.body.pipe(res);
}
