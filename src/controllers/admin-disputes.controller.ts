import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import type { DisputeReason, DisputeStatus } from '../lib/disputes.js';
import { pageWindow } from '../lib/search.shared.js';
import { operatorOf } from '../middleware/operator.js';
import {
  ADMIN_DISPUTES,
  adminDisputePage,
  queueRows,
  reasonOptions,
  statusOptions,
} from '../pages/admin-disputes.page.js';
import type { FormState } from '../pages/disputes.page.js';
import {
  decideDispute,
  disputeForOperator,
  disputeQueue,
  openOperatorFile,
  postOperatorMessage,
} from '../services/dispute-decisions.service.js';
import { queueSearchSchema, type QueueSearchForm } from '../validators/dispute.validator.js';
import { validate } from '../validators/validate.js';
import { attachmentProblem, sendFile } from './disputes.controller.js';

function queueHref(form: Pick<QueueSearchForm, 'status' | 'reason'>, page: number): string {
  const params = new URLSearchParams();
  if (form.status) params.set('status', form.status);
  if (form.reason) params.set('reason', form.reason);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_DISPUTES}?${query}` : ADMIN_DISPUTES;
}

/** GET /admin/controversie: open disputes first, the oldest first, their age in days; by status and reason. */
export async function queue(req: Request, res: Response): Promise<void> {
  const form = validate(queueSearchSchema, req.query);
  const value: QueueSearchForm = form.ok ? form.value : { status: '', reason: '', page: 1 };
  const filter = {
    status: (value.status || null) as DisputeStatus | null,
    reason: (value.reason || null) as DisputeReason | null,
  };
  const found = await disputeQueue(filter, value.page);
  res.render('admin/disputes', {
    title: t('disputes:admin.title'),
    noindex: true,
    form: value,
    statuses: statusOptions(),
    reasons: reasonOptions(),
    rows: queueRows(found.lines, new Date()),
    total: found.total,
    pagination: {
      page: value.page,
      totalPages: found.totalPages,
      pages: pageWindow(value.page, found.totalPages),
      href: (p: number) => queueHref(value, p),
    },
  });
}

async function render(
  req: Request,
  res: Response,
  status: number,
  state: { message?: FormState; decision?: FormState } = {},
): Promise<void> {
  const found = await disputeForOperator(String(req.params.id));
  if (!found) throw notFound();
  res.status(status).render('admin/dispute', adminDisputePage(found, new Date(), state));
}

/** GET /admin/controversie/:id: the booking, its payments and refunds, the thread, the forms. */
export function show(req: Request, res: Response): Promise<void> {
  return render(req, res, 200);
}

/** POST /admin/controversie/:id/messaggi (multipart, optional file "attachment"): both parties read it. */
export async function message(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const values = { body: typeof raw.body === 'string' ? raw.body : '' };
  if (req.uploadRejection) {
    const problem = req.uploadRejection === 'too_large' ? 'too_large' : 'upload_failed';
    return render(req, res, problem === 'too_large' ? 413 : 400, {
      message: { values, errors: { attachment: attachmentProblem(problem) } },
    });
  }
  const file = req.file?.size ? { data: req.file.buffer, originalName: req.file.originalname } : null;
  const result = await postOperatorMessage(id, operatorOf(req).personId, { body: raw.body, file });
  if (result.ok) {
    req.flash('success', t('disputes:flash.sent'));
    return res.redirect(303, `${ADMIN_DISPUTES}/${id}#messaggi`);
  }
  if (result.kind === 'not_found' || result.kind === 'closed') throw notFound();
  if (result.kind === 'rejected')
    return render(req, res, result.reason === 'type' ? 415 : 422, {
      message: { values, errors: { attachment: attachmentProblem(result.reason) } },
    });
  await render(req, res, 422, { message: { values, errors: result.errors } });
}

/** POST /admin/controversie/:id/decisione: the decision, with its confirmation; the audit trail records it. */
export async function decide(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const result = await decideDispute(id, operatorOf(req).personId, req.body);
  if (result.ok) {
    req.flash('success', t('disputes:flash.decided'));
    return res.redirect(303, `${ADMIN_DISPUTES}/${id}`);
  }
  if (result.kind === 'not_found') throw notFound();
  if (result.kind === 'already_decided') {
    req.flash('info', t('disputes:flash.alreadyDecided'));
    return res.redirect(303, `${ADMIN_DISPUTES}/${id}`);
  }
  await render(req, res, 422, { decision: { values: result.values, errors: result.errors } });
}

/** GET /admin/controversie/:id/allegati/:messageId */
export async function file(req: Request, res: Response): Promise<void> {
  const found = await openOperatorFile(String(req.params.id), String(req.params.messageId));
  if (!found) throw notFound();
  sendFile(res, found);
}
