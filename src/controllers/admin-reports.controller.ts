import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { itemTypeOfWord, consolePath, type ItemRef, type ItemType } from '../lib/reports.js';
import { isUuid } from '../lib/uuid.js';
import { operatorOf } from '../middleware/operator.js';
import { reportDetailPage, reportQueuePage } from '../pages/admin-reports.page.js';
import {
  moderate,
  moderationDetail,
  moderationQueue,
  QUEUE_PER_PAGE,
  type ModerationAction,
} from '../services/moderation.service.js';
import { decisionSchema } from '../validators/report.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

/** GET /admin/segnalazioni?stato=aperte|chiuse&tipo=recensione&pagina=N: the queue, grouped per item. */
export async function queue(req: Request, res: Response): Promise<void> {
  const state = req.query.stato === 'chiuse' ? 'closed' : 'open';
  const type = itemTypeOfWord(req.query.tipo);
  const page = Math.min(10000, Math.max(1, Number.parseInt(String(req.query.pagina ?? '1'), 10) || 1));
  const filter = { state, type } as const;
  const found = await moderationQueue(filter, page);
  res.render('admin/reports', reportQueuePage(filter, page, found, QUEUE_PER_PAGE));
}

/** An item's page under /admin/segnalazioni/<tipo>/:id. */
function refOf(type: ItemType, req: Request): ItemRef {
  const id = String(req.params.id);
  if (!isUuid(id)) throw notFound();
  return { type, id };
}

async function renderItem(
  res: Response,
  ref: ItemRef,
  status = 200,
  form: { decision?: ModerationAction; reason?: string; errors?: FormErrors } = {},
): Promise<void> {
  const detail = await moderationDetail(ref);
  if (!detail) throw notFound();
  res.status(status).render('admin/report', reportDetailPage(ref, detail, form));
}

/** GET /admin/segnalazioni/<tipo>/:id: the item, its reports, what was decided, and the decisions left. */
export function show(type: ItemType) {
  return (req: Request, res: Response): Promise<void> => renderItem(res, refOf(type, req));
}

/** POST …/oscuramento, …/ripristino, …/archiviazione: with a reason and a confirmation; audited. */
export function decide(type: ItemType, decision: ModerationAction) {
  return async (req: Request, res: Response): Promise<void> => {
    const ref = refOf(type, req);
    const form = validate(decisionSchema, req.body);
    if (!form.ok) {
      const reason = typeof form.value.reason === 'string' ? form.value.reason : '';
      return renderItem(res, ref, 422, { decision, reason, errors: form.errors });
    }
    const result = await moderate(
      { operatorId: operatorOf(req).personId, reason: form.value.reason },
      ref,
      decision,
      form.value.reason,
    );
    if (!result.ok && result.kind === 'not_found') throw notFound();
    req.flash(
      result.ok ? 'success' : 'info',
      t(result.ok ? `reports:admin.done.${decision}` : 'admin:suspension.unchanged'),
    );
    res.redirect(303, consolePath(ref));
  };
}
