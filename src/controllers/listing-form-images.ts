import type { Request } from 'express';
import { badRequest } from '../lib/app-error.js';
import { orderedImageIds } from '../lib/listing-image-order.js';
import { imageProblemText } from '../pages/listing-form.page.js';
import { formImages, stageListingImages, type FormImage } from '../services/listing-images.service.js';

/**
 * The service form's photos, read from its POST: the ids the island (or the plain list) posted, plus the
 * files sent with the form without JavaScript, checked and kept at once so a redrawn form still has them.
 */
export interface PostedImages {
  /** In order, the cover first: what the save attaches. */
  ids: string[];
  /** The images field's message (files refused, too many, too large), or null. */
  error: string | null;
}

export async function readPostedImages(req: Request): Promise<PostedImages> {
  if (req.uploadRejection === 'malformed') throw badRequest();
  const body = (req.body ?? {}) as Record<string, unknown>;
  const kept = orderedImageIds(body);
  if (req.uploadRejection) {
    return { ids: kept, error: imageProblemText(req.uploadRejection === 'too_large' ? 'too_large' : 'too_many') };
  }
  const files = Array.isArray(req.files) ? req.files : [];
  const staged = await stageListingImages(req.user!.organisationId, files, kept.length);
  const ids = orderedImageIds(
    body,
    staged.images.map((image) => image.id),
  );
  const error = staged.errors.map((e) => `${e.name}: ${imageProblemText(e.problem)}`).join(' ') || null;
  return { ids, error };
}

/** The photos to show again in a redrawn form (only the signed-in provider's own). */
export function redrawImages(req: Request, ids: string[]): Promise<FormImage[]> {
  return formImages(req.user!.organisationId, ids);
}
