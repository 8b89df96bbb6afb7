import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import type { DocumentProblem } from '../pages/booking-failed-action.page.js';
import { attachDocument, openDocument } from '../services/booking-documents.service.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

const STATUSES: Readonly<Record<DocumentProblem, number>> = {
  too_large: 413,
  upload_failed: 400,
  missing: 422,
  type: 415,
  unreadable: 422,
  too_many: 409,
  closed: 409,
  provider_only: 403,
};

function refuse(req: Request, res: Response, problem: DocumentProblem): Promise<void> {
  return renderDetail(req, res, STATUSES[problem], { documentProblem: problem });
}

/** POST /bookings/:id/documents (multipart, field "document", CSRF token in the action's query string) */
export async function create(req: Request, res: Response): Promise<void> {
  if (req.uploadRejection === 'too_large') return refuse(req, res, 'too_large');
  if (req.uploadRejection) return refuse(req, res, 'upload_failed');
  if (!req.file?.size) return refuse(req, res, 'missing');
  const result = await attachDocument(String(req.params.id), viewerOf(req), {
    data: req.file.buffer,
    originalName: req.file.originalname,
  });
  if (result.ok) {
    req.flash('success', t('bookings:show.upload.done'));
    return res.redirect(303, `/bookings/${String(req.params.id)}#documents`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  return refuse(req, res, result.reason);
}

/** GET /bookings/:id/documents/:documentId — only the booking's client and provider. */
export async function show(req: Request, res: Response): Promise<void> {
  const found = await openDocument(String(req.params.id), String(req.params.documentId), viewerOf(req));
  if (!found) throw notFound('booking');
  const { document, file } = found;
  res.attachment(document.name);
  res.setHeader('Content-Type', document.mimeType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  file.body.on('error', (err) => {
    logger.error('booking document stream failed', { documentId: document.id, ...errorFields(err) });
    res.destroy(err);
  });
  file.body.pipe(res);
}
