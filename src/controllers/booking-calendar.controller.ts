import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { calendarFile } from '../services/booking-calendar.service.js';
import { findBooking } from '../services/booking-records.service.js';
import { viewerOf } from './bookings.controller.js';

/** GET /bookings/:id/calendar.ics — the same access rule as the booking page. */
export async function show(req: Request, res: Response): Promise<void> {
  const booking = await findBooking(String(req.params.id), viewerOf(req));
  if (!booking) throw notFound('booking');
  const { filename, body } = await calendarFile(booking);
  res.attachment(filename);
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(body);
}
