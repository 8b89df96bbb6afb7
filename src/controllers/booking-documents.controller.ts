import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { DOCUMENTS_PER_BOOKING, DOCUMENT_MAX_BYTES, attachDocument, openDocument } from '../services/booking-documents.service.js';
import { renderDetail, renderNotFound, viewerOf } from './bookings.controller.js';

const MB = DOCUMENT_MAX_BYTES / (1024 * 1024);

function refuse(req: Request, res: Response, status: number, message: string): Promise<void> {
  return renderDetail(req, res, status, { failedAction: { action: 'document', values: {}, errors: { document: message } } });
}

const REJECTIONS = {
  type: [415, 'bookings:show.upload.type'],
  unreadable: [422, 'bookings:show.upload.unreadable'],
  too_many: [409, 'bookings:show.upload.tooMany'],
  closed: [409, 'bookings:show.upload.closed'],
  provider_only: [403, 'bookings:show.upload.providerOnly'],
} as const;

/** POST /bookings/:id/documents (multipart, field "document", CSRF token in the action's query string) */
export async function create(req: Request, res: Response): Promise<void> {
  if (req.uploadRejection === 'too_large') return refuse(req, res, 413, t('bookings:show.upload.tooLarge', { mb: MB }));
  if (req.uploadRejection) return refuse(req, res, 400, t('bookings:show.upload.failed'));
  if (!req.file?.size) return refuse(req, res, 422, t('bookings:show.upload.missing'));
  const result = await attachDocument(String(req.params.id), viewerOf(req), { data: req.file.buffer, originalName: req.file.originalname });
  if (result.ok) {
    req.flash('success', t('bookings:show.upload.done'));
    return res.redirect(303, `/bookings/${String(req.params.id)}#documents`);
  }
  if (result.kind === 'not_found') return renderNotFound(res);
  const [status, key] = REJECTIONS[result.reason];
  return refuse(req, res, status, t(key, { count: DOCUMENTS_PER_BOOKING }));
}

/** GET /bookings/:id/documents/:documentId — only the booking's client and provider. */
export async function show(req: Request, res: Response): Promise<void> {
  const found = await openDocument(String(req.params.id), String(req.params.documentId), viewerOf(req));
  if (!found) return renderNotFound(res);
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
