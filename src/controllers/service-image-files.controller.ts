import type { Request, Response } from 'express';
import { logger, errorFields } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { isServiceImageKey } from '../services/service-images.service.js';
import { storage } from '../services/storage.service.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * GET /media/services/:owner/:file — a service photo or one of its variants, public, by its random name.
 * Whatever the storage driver (local disk or S3), the file is streamed from here: the bucket stays private
 * and the addresses do not change with the driver.
 */
export async function show(req: Request, res: Response): Promise<void> {
  const key = `services/${String(req.params.owner)}/${String(req.params.file)}`;
  if (!isServiceImageKey(key)) throw notFound();
  const file = await storage().get(key);
  if (!file) throw notFound();
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  // The name is random and never reused: the file can be cached for good.
  res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
  res.setHeader('Content-Disposition', 'inline');
  file.body.on('error', (err) => {
    logger.error('media stream failed', { key, ...errorFields(err) });
    res.destroy(err);
  });
  file.body.pipe(res);
}
