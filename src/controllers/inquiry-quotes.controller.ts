import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { conflict, notFound } from '../lib/app-error.js';
import { quoteFromInquiry } from '../services/inquiry-quotes.service.js';
import { partyOf, renderThread } from './message-threads.controller.js';

/**
 * POST /messages/:id/quote — the provider answers an inquiry thread with a quote: the client's booking is
 * created in "Preventivo ricevuto" and the provider lands on it. A form that does not hold: the thread
 * again with the messages beside the fields (422); a thread already answered with a quote: 409.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const result = await quoteFromInquiry(String(req.params.id), partyOf(req), req.body);
  if (result.ok) {
    req.flash('success', t('inquiry-quotes:done'));
    return res.redirect(303, `/bookings/${result.bookingId}`);
  }
  if (result.kind === 'not_found') throw notFound('thread');
  // A request is refused only when its service was paused or removed a moment ago.
  if (result.kind === 'refused') throw conflict('catalogue:messages.notBookable');
  if (result.kind === 'already_quoted') {
    return renderThread(req, res, 409, {}, undefined, { alert: t('inquiry-quotes:refused.alreadyQuoted') });
  }
  await renderThread(req, res, 422, {}, undefined, {
    values: result.values,
    errors: result.errors,
    idempotencyKey: result.values.idempotency_key,
  });
}
