import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { conflict, notFound } from '../lib/app-error.js';
import { hasCalendarEvent, outcomeLabelKey, outcomeOf } from '../lib/booking-outcome.js';
import { calendarFile } from '../documents/booking-calendar.js';
import { findBooking, findBookingParties } from '../services/booking-records.service.js';
import { viewerOf } from './bookings.controller.js';

/**
 * GET /bookings/:id/calendar.ics — the same access rule as the booking page. A cancelled, rejected or
 * expired booking, or a quote not accepted yet, is no appointment: 409 with the reason in Italian.
 */
export async function show(req: Request, res: Response): Promise<void> {
  const viewer = viewerOf(req);
  const booking = await findBooking(String(req.params.id), viewer);
  if (!booking) throw notFound('booking');
  const outcome = outcomeOf(booking);
  if (!hasCalendarEvent(outcome)) {
    throw conflict('prices:calendar.unavailable', {
      status: t(outcomeLabelKey(outcome, viewer.userType)).toLowerCase(),
    });
  }
  const { filename, body } = calendarFile(booking, await findBookingParties(booking), viewer.userType);
  res.attachment(filename);
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(body);
}
