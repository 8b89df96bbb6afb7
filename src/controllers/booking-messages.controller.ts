import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { postToBooking } from '../services/message-posting.service.js';
import { renderDetail, viewerOf } from './bookings.controller.js';
import { formKey, parseMessage, PROBLEM_STATUSES } from './message-form.js';

/** POST /bookings/:id/messages (multipart, CSRF token in the action's query string): the booking's thread starts or goes on. */
export async function create(req: Request, res: Response): Promise<void> {
  const parsed = parseMessage(req);
  if (!parsed.ok)
    return renderDetail(
      req,
      res,
      parsed.status,
      {},
      { state: parsed, key: formKey(parsed.idempotencyKey, randomUUID) },
    );
  const result = await postToBooking(String(req.params.id), viewerOf(req), parsed.input);
  if (result.ok) {
    req.flash('success', t('messages:form.sent'));
    return res.redirect(303, `/bookings/${String(req.params.id)}#messages`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  const state = { body: parsed.input.body, attachmentProblem: result.reason };
  await renderDetail(req, res, PROBLEM_STATUSES[result.reason], {}, { state, key: parsed.input.idempotencyKey });
}

/** Over the rate limit: the booking page again, the text kept. */
export async function limited(req: Request, res: Response, message: string): Promise<void> {
  const raw = (req.body ?? {}) as Record<string, unknown>;
  await renderDetail(
    req,
    res,
    429,
    {},
    { state: { body: typeof raw.body === 'string' ? raw.body : '', alert: message }, key: randomUUID() },
  );
}
