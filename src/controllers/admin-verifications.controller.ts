import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { errorFields, logger } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { todayInRome } from '../lib/booking-time.js';
import { pageWindow } from '../lib/search.shared.js';
import { isUuid } from '../lib/uuid.js';
import { operatorOf } from '../middleware/operator.js';
import { verificationDetailPage, verificationQueuePage } from '../pages/admin-verifications.page.js';
import {
  QUEUE_PAGE_SIZE,
  decideRequest,
  openRequestDocument,
  requestDetail,
  verificationQueue,
} from '../services/verification-decisions.service.js';
import { decisionSchema, queueSchema } from '../validators/verification.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

/** The console's verifications (/admin/verifiche): the queue of requests and the decision on each. */

const BASE = '/admin/verifiche';

/** GET /admin/verifiche: by status (waiting ones by default), a name or Partita IVA; oldest first. */
export async function list(req: Request, res: Response): Promise<void> {
  const form = validate(queueSchema, req.query);
  const { status, q, page } = form.ok ? form.value : { status: 'submitted', q: '', page: 1 };
  const found = await verificationQueue({ status: status ? (status as 'submitted') : null, q }, page);
  const totalPages = Math.max(1, Math.ceil(found.total / QUEUE_PAGE_SIZE));
  const href = (p: number) => `${BASE}?${new URLSearchParams({ status, q, page: String(p) }).toString()}`;
  res.render('admin/verifications', {
    ...verificationQueuePage(found.items, { status, q }),
    total: found.total,
    pagination: { page, totalPages, pages: pageWindow(page, totalPages), href },
  });
}

type Decision = 'approve' | 'reject';

async function renderDetail(
  req: Request,
  res: Response,
  status = 200,
  form: { decision?: Decision; reason?: string; errors?: FormErrors } = {},
): Promise<void> {
  const id = String(req.params.id);
  const detail = isUuid(id) ? await requestDetail(id, todayInRome()) : null;
  if (!detail) throw notFound();
  res.status(status).render('admin/verification', verificationDetailPage(detail, form));
}

/** GET /admin/verifiche/:id */
export async function show(req: Request, res: Response): Promise<void> {
  await renderDetail(req, res);
}

/** POST /admin/verifiche/:id/approvazione and /rifiuto: a reason and a confirmation; the audit trail records it. */
export function decide(decision: Decision) {
  return async (req: Request, res: Response): Promise<void> => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound();
    const form = validate(decisionSchema, req.body);
    if (!form.ok) {
      const reason = typeof form.value.reason === 'string' ? form.value.reason : '';
      return renderDetail(req, res, 422, { decision, reason, errors: form.errors });
    }
    const approve = decision === 'approve';
    const { reason } = form.value;
    const result = await decideRequest(
      id,
      { approve, reason },
      { operatorId: operatorOf(req).personId, reason },
      todayInRome(),
    );
    if (!result.ok) {
      if (result.problem === 'not_found') throw notFound();
      if (result.problem === 'decided') {
        req.flash('info', t('verification:admin.problems.decided'));
        return res.redirect(303, `${BASE}/${id}`);
      }
      const kinds = 'kinds' in result ? result.kinds.map((k) => t(`verification:kinds.${k}`)).join(', ') : '';
      const errors = { reason: t(`verification:admin.problems.${result.problem}`, { kinds }) };
      return renderDetail(req, res, result.problem === 'missing' ? 422 : 409, { decision, reason, errors });
    }
    req.flash('success', t(approve ? 'verification:admin.approved' : 'verification:admin.rejected'));
    res.redirect(303, `${BASE}/${id}`);
  };
}

/** GET /admin/verifiche/:id/documenti/:documentId: the operator downloads a document of the request. */
export async function document(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const documentId = String(req.params.documentId);
  const found = isUuid(id) && isUuid(documentId) ? await openRequestDocument(id, documentId) : null;
  if (!found) throw notFound();
  const { document: d, file } = found;
  res.attachment(d.fileName);
  res.setHeader('Content-Type', d.mimeType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  file.body.on('error', (err) => {
    logger.error('verification document stream failed', { documentId: d.id, ...errorFields(err) });
    res.destroy(err);
  });
  file.body.pipe(res);
}
