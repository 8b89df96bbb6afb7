import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { errorFields, logger } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { canChange, type Action } from '../lib/permissions.js';
import { ATTACHMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { disputePage, disputePath, type FormState } from '../pages/disputes.page.js';
import { disputesOfBooking, openDispute, openDisputeFile, postDisputeMessage } from '../services/disputes.service.js';
import type { StoredFile } from '../services/storage.service.js';
import { viewerOf } from './bookings.controller.js';

/** The action of the permissions table a member's disputes fall under, by their kind of organisation. */
export const disputeActionOf = (req: Request): Action =>
  req.user!.userType === 'client' ? 'disputes.manage' : 'provider.disputes.manage';

/** Why a message's file was not kept, beside the file field. */
export function attachmentProblem(problem: string): string {
  return t(`disputes:validation.file_${problem}`, { mb: ATTACHMENT_MAX_BYTES / (1024 * 1024) });
}

async function render(
  req: Request,
  res: Response,
  status: number,
  state: { open?: FormState; message?: FormState } = {},
) {
  const now = new Date();
  const data = await disputesOfBooking(String(req.params.id), viewerOf(req), now);
  if (!data) throw notFound('booking');
  const changes = canChange(req.user!, disputeActionOf(req));
  res.status(status).render('disputes/show', disputePage(data, req.user!.organisationId, changes, now, state));
}

/** GET /bookings/:id/controversia: the booking's disputes, the form to open one, the open one's thread. */
export function show(req: Request, res: Response): Promise<void> {
  return render(req, res, 200);
}

/** POST /bookings/:id/controversia: opens a dispute (a reason and a description). */
export async function open(req: Request, res: Response): Promise<void> {
  const result = await openDispute(String(req.params.id), viewerOf(req), req.body);
  if (result.ok) {
    req.flash('success', t('disputes:flash.opened'));
    return res.redirect(303, disputePath(String(req.params.id)));
  }
  if (result.kind === 'not_found') throw notFound('booking');
  // The page says why, as it stands now (an open dispute, the window closed).
  if (result.kind === 'refused') return render(req, res, 409);
  await render(req, res, 422, { open: { values: result.values, errors: result.errors } });
}

/** POST /bookings/:id/controversia/messaggi (multipart, optional file "attachment"). */
export async function message(req: Request, res: Response): Promise<void> {
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const values = { body: typeof raw.body === 'string' ? raw.body : '' };
  if (req.uploadRejection) {
    const problem = req.uploadRejection === 'too_large' ? 'too_large' : 'upload_failed';
    return render(req, res, problem === 'too_large' ? 413 : 400, {
      message: { values, errors: { attachment: attachmentProblem(problem) } },
    });
  }
  const file = req.file?.size ? { data: req.file.buffer, originalName: req.file.originalname } : null;
  const result = await postDisputeMessage(String(req.params.id), viewerOf(req), { body: raw.body, file });
  if (result.ok) {
    req.flash('success', t('disputes:flash.sent'));
    return res.redirect(303, `${disputePath(String(req.params.id))}#messaggi`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'closed') {
    req.flash('error', t('disputes:refusals.closed'));
    return res.redirect(303, disputePath(String(req.params.id)));
  }
  if (result.kind === 'rejected')
    return render(req, res, result.reason === 'type' ? 415 : 422, {
      message: { values, errors: { attachment: attachmentProblem(result.reason) } },
    });
  await render(req, res, 422, { message: { values, errors: result.errors } });
}

/** Sends a stored file as a download, never cached. */
export function sendFile(res: Response, found: { name: string; mimeType: string; file: StoredFile }): void {
  res.attachment(found.name);
  res.setHeader('Content-Type', found.mimeType);
  res.setHeader('Content-Length', String(found.file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  found.file.body.on('error', (err) => {
    logger.error('dispute file stream failed', errorFields(err));
    res.destroy(err);
  });
  found.file.body.pipe(res);
}

/** GET /bookings/:id/controversia/allegati/:messageId: only the booking's parties. */
export async function file(req: Request, res: Response): Promise<void> {
  const found = await openDisputeFile(String(req.params.id), String(req.params.messageId), viewerOf(req));
  if (!found) throw notFound('booking');
  sendFile(res, found);
}
