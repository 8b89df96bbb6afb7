import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { recordPayment } from '../services/booking-payments.service.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

/**
 * POST /bookings/:id/payment — the provider's "Pagamento ricevuto". Not the viewer's booking: 404. The client of
 * the booking: 403 with the reason. Already recorded or not confirmed: 409 with the reason. A bad date or method:
 * the form again (422).
 */
export async function create(req: Request, res: Response): Promise<void> {
  const result = await recordPayment(String(req.params.id), viewerOf(req), req.body);
  if (result.ok) {
    req.flash('success', t('money:payment.recorded'));
    return res.redirect(303, `/bookings/${result.booking.id}#payment`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'forbidden') return renderDetail(req, res, 403, { refusal: result.refusal });
  if (result.kind === 'refused') return renderDetail(req, res, 409, { refusal: result.refusal });
  return renderDetail(req, res, 422, {
    failedAction: { action: 'payment', values: result.values, errors: result.errors },
  });
}
