import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { perform, type BookingAction } from '../services/booking-lifecycle.service.js';
import { findBooking } from '../services/booking-records.service.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

const DONE: Readonly<Record<BookingAction, string>> = {
  confirm: 'confirmed',
  quote: 'quote',
  accept_quote: 'accept_quote',
  decline_quote: 'decline_quote',
  withdraw: 'withdraw',
  reject: 'rejected',
  cancel: 'cancelled',
  complete: 'completed',
  no_show: 'no_show',
};

/**
 * What every action form of the booking page does (confirmation, quote, quote acceptance and decline,
 * withdrawal, rejection, cancellation, completion, no-show): the state machine decides; success goes back to the booking with a message, a refusal shows
 * the booking as it is now with the reason (409), a form that does not hold shows it again (422).
 */
export async function act(req: Request, res: Response, action: BookingAction): Promise<void> {
  const viewer = viewerOf(req);
  // A site referent acts only on the bookings they see (the state machine knows the organisation, not sites).
  if (viewer.referentId && !(await findBooking(String(req.params.id), viewer))) throw notFound('booking');
  const result = await perform(action, String(req.params.id), viewer, req.body);
  if (result.ok) {
    const b = result.booking;
    const done = result.awaitingApproval ? 'approvals:flash.quoteWaiting' : `bookings:actions.done.${DONE[action]}`;
    req.flash('success', t(done, { total: format.euro(b.totalAmountCents) }));
    return res.redirect(303, `/bookings/${b.id}`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'refused') {
    return renderDetail(req, res, 409, { refusal: result.refusal });
  }
  return renderDetail(req, res, 422, { failedAction: { action, values: result.values, errors: result.errors } });
}
