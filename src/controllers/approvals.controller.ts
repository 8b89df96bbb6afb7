import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { findApprovalRule, listOpenApprovals, saveApprovalRule } from '../services/booking-approvals.service.js';
import { approvalsPage, rulePage, ruleFormValues, type ListFailure } from '../pages/approvals.page.js';
import { decideApproval } from '../services/booking-approval-steps.service.js';
import { validateRule } from '../validators/approvals.validator.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

const bodyOf = (req: Request): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;

async function renderList(req: Request, res: Response, status: number, failure?: ListFailure, alert?: string) {
  const org = req.user!.organisationId;
  const [lines, rule] = await Promise.all([listOpenApprovals(org), findApprovalRule(org)]);
  res.status(status).render('approvals/index', approvalsPage(lines, rule, failure ?? null, alert ?? null));
}

/** GET /approvazioni: "Da approvare", the organisation's bookings and quote acceptances waiting for approval. */
export async function index(req: Request, res: Response): Promise<void> {
  await renderList(req, res, 200);
}

/** GET /approvazioni/regola */
export async function editRule(req: Request, res: Response): Promise<void> {
  res.render('approvals/rule', rulePage(ruleFormValues(await findApprovalRule(req.user!.organisationId))));
}

/** POST /approvazioni/regola: none, every booking, or above an amount. */
export async function updateRule(req: Request, res: Response): Promise<void> {
  const form = validateRule(bodyOf(req));
  if (!form.ok) {
    const values = { mode: String(form.value.mode ?? ''), threshold: String(form.value.threshold ?? '') };
    return res.status(422).render('approvals/rule', rulePage(values, form.errors));
  }
  await saveApprovalRule(req.user!.organisationId, form.value);
  req.flash('success', t('approvals:rule.saved'));
  res.redirect(303, '/approvazioni');
}

/**
 * An administrator's decision, from the booking page or from "Da approvare" (back=list): the state machine
 * decides; a note missing shows beside its field (422), a refusal above the page (409).
 */
async function decide(req: Request, res: Response, outcome: 'approve' | 'reject'): Promise<void> {
  const bookingId = String(req.params.id);
  const fromList = bodyOf(req).back === 'list';
  const result = await decideApproval(outcome, bookingId, viewerOf(req), bodyOf(req));
  if (result.ok) {
    req.flash('success', t(outcome === 'approve' ? 'approvals:decision.approved' : 'approvals:decision.rejected'));
    return res.redirect(303, fromList ? '/approvazioni' : `/bookings/${bookingId}`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'refused') {
    if (fromList) return renderList(req, res, 409, undefined, t(result.refusal.messageKey));
    return renderDetail(req, res, 409, { refusal: result.refusal });
  }
  if (fromList) {
    return renderList(req, res, 422, { bookingId, outcome, values: result.values, errors: result.errors });
  }
  const action = outcome === 'approve' ? 'approve' : 'reject_approval';
  return renderDetail(req, res, 422, { failedAction: { action, values: result.values, errors: result.errors } });
}

/** POST /bookings/:id/approval */
export async function approve(req: Request, res: Response): Promise<void> {
  await decide(req, res, 'approve');
}

/** POST /bookings/:id/approval-rejection */
export async function reject(req: Request, res: Response): Promise<void> {
  await decide(req, res, 'reject');
}
