import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { t } from '../config/i18n.js';
import { postToThread } from '../services/message-posting.service.js';
import { formKey, parseMessage, PROBLEM_STATUSES } from './message-form.js';
import { partyOf, renderThread } from './message-threads.controller.js';

/** POST /messages/:id/replies (multipart, CSRF token in the action's query string) */
export async function create(req: Request, res: Response): Promise<void> {
  const parsed = parseMessage(req);
  if (!parsed.ok) return renderThread(req, res, parsed.status, parsed, formKey(parsed.idempotencyKey, randomUUID));
  const result = await postToThread(String(req.params.id), partyOf(req), parsed.input);
  if (result.ok) {
    req.flash('success', t('messages:form.sent'));
    return res.redirect(303, `/messages/${result.threadId}#reply`);
  }
  if (result.kind === 'not_found') throw notFound('thread');
  await renderThread(
    req,
    res,
    PROBLEM_STATUSES[result.reason],
    { body: parsed.input.body, attachmentProblem: result.reason },
    parsed.input.idempotencyKey,
  );
}

/** Over the rate limit: the thread again, the text kept. */
export async function limited(req: Request, res: Response, message: string): Promise<void> {
  const raw = (req.body ?? {}) as Record<string, unknown>;
  await renderThread(req, res, 429, { body: typeof raw.body === 'string' ? raw.body : '', alert: message });
}
