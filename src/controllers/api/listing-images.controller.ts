import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../lib/app-error.js';
import { LISTING_IMAGES_MAX } from '../../lib/upload-limits.js';
import { imageProblemText } from '../../pages/listing-form.page.js';
import { removeOwnImage, stageOneListingImage } from '../../services/listing-images.service.js';

/**
 * The uploader island's calls (JSON, CSRF token in the X-CSRF-Token header or the body):
 *   POST   /api/service-images      multipart, one file "image" (+ "existing": images the form already holds,
 *                                   "lastModified": the file's date in ms) -> 201 docs/product.md §3 Stored file result
 *   DELETE /api/service-images/:id  the owner's pending image or one of its services' -> 204
 * Errors: { error: { code, message } } with the Italian reason (the error handler's JSON shape).
 */

const refuse = (status: number, code: string, messageKey: string) => new AppError(status, code, messageKey);

/** Before the upload is read: a visitor gets 401, another kind of account 403, both as JSON. */
export const providersOnly: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(refuse(401, 'unauthorized', 'serviceImages:errors.loginRequired'));
  if (req.user.userType !== 'provider') return next(refuse(403, 'forbidden', 'serviceImages:errors.providersOnly'));
  next();
};

function whole(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? Math.min(max, Math.max(min, n)) : undefined;
}

/** Signed-in users only (401 JSON for a visitor); whose photo it is, the handler checks. */
export const signedInOnly: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : refuse(401, 'unauthorized', 'serviceImages:errors.loginRequired'));
};

/** POST /api/service-images */
export async function create(req: Request, res: Response): Promise<void> {
  if (req.uploadRejection === 'too_large') throw refuse(413, 'payload_too_large', 'serviceImages:errors.tooLarge');
  if (req.uploadRejection) throw refuse(400, 'bad_request', 'serviceImages:errors.failed');
  if (!req.file?.size) throw refuse(422, 'images_invalid', 'serviceImages:errors.missing');
  const body = (req.body ?? {}) as Record<string, unknown>;
  const existing = whole(body.existing, 0, LISTING_IMAGES_MAX) ?? 0;
  const lastModified = whole(body.lastModified, 0, 8.64e15);
  const staged = await stageOneListingImage(req.user!.organisationId, req.file, existing, lastModified);
  if (!staged.ok) {
    res
      .status(422)
      .json({ error: { code: 'images_invalid', message: imageProblemText(staged.problem), requestId: req.id } });
    return;
  }
  res.status(201).json(staged.result);
}

/** DELETE /api/service-images/:id — anyone but the provider who uploaded it gets 404, as for an unknown id. */
export async function destroy(req: Request, res: Response): Promise<void> {
  if (!(await removeOwnImage(req.user!.organisationId, String(req.params.id)))) {
    throw refuse(404, 'not_found', 'serviceImages:errors.notFound');
  }
  res.status(204).end();
}
