import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { recordRefund } from '../services/booking-payments.service.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

/**
 * POST /bookings/:id/refunds — the provider records a refund made after a cancellation (amount, date, bank
 * reference). Not the viewer's booking: 404. The client: 403 with the reason. Nothing due, not paid or all
 * given back: 409 with the reason. A bad amount, date or reference: the form again (422), what was typed kept.
 */
export async function create(req: Request, res: Response): Promise<void> {
  const result = await recordRefund(String(req.params.id), viewerOf(req), req.body);
  if (result.ok) {
    req.flash('success', t('money:refund.recorded'));
    return res.redirect(303, `/bookings/${result.booking.id}#refund`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'forbidden') return renderDetail(req, res, 403, { refusal: result.refusal });
  if (result.kind === 'refused') return renderDetail(req, res, 409, { refusal: result.refusal });
  return renderDetail(req, res, 422, {
    failedAction: { action: 'refund', values: result.values, errors: result.errors },
  });
}
