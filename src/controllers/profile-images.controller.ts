import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { ImageRejected } from '../services/images.service.js';
import { isProfileImageKey, removeProfileImage, replaceProfileImage } from '../services/profile-images.service.js';
import { isValidKey } from '../services/storage.service.js';
import { renderProfile } from './profile.controller.js';
import { sendPublicMedia } from './public-media.js';
import { organisationOf } from '../lib/current-user.js';

function refuse(req: Request, res: Response, status: number, messageKey: string): Promise<void> {
  return renderProfile(req, res, 'image', {
    status,
    errors: { image: t(messageKey) },
    alert: { type: 'error', title: t('profile:image.failed') },
  });
}

/** POST /profile/image (multipart, field "image", CSRF token in the action's query string) */
export async function create(req: Request, res: Response): Promise<void> {
  if (req.uploadRejection === 'too_large') return refuse(req, res, 413, 'profile:image.tooLarge');
  if (req.uploadRejection) return refuse(req, res, 400, 'profile:image.failed');
  if (!req.file?.size) return refuse(req, res, 422, 'profile:image.missing');
  try {
    await replaceProfileImage(organisationOf(req.user!), req.file.buffer);
  } catch (err) {
    if (err instanceof ImageRejected) return refuse(req, res, 422, `profile:image.rejected.${err.reason}`);
    logger.error('profile image upload failed', { requestId: req.id, ...errorFields(err) });
    return refuse(req, res, 500, 'profile:image.failed');
  }
  req.flash('success', t('profile:image.updated'));
  res.redirect(303, '/profile?tab=image');
}

/** POST /profile/image/removal */
export async function destroy(req: Request, res: Response): Promise<void> {
  await removeProfileImage(organisationOf(req.user!));
  req.flash('success', t('profile:image.removed'));
  res.redirect(303, '/profile?tab=image');
}

/** GET /media/profile-images/:file — public, served by its random name (never the upload's). */
export async function show(req: Request, res: Response): Promise<void> {
  const key = `profile-images/${String(req.params.file)}`;
  if (!isValidKey(key) || !isProfileImageKey(key)) throw notFound();
  await sendPublicMedia(res, key);
}
