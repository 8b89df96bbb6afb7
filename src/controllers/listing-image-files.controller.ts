import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { isListingImageKey } from '../services/listing-images.service.js';
import { sendPublicMedia } from './public-media.js';

/**
 * GET /media/services/:owner/:file — a service photo or one of its variants, public, by its random name.
 */
export async function show(req: Request, res: Response): Promise<void> {
  const key = `services/${String(req.params.owner)}/${String(req.params.file)}`;
  if (!isListingImageKey(key)) throw notFound();
  await sendPublicMedia(res, key);
}
