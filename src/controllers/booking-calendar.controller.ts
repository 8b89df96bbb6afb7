import type { Request, Response } from 'express';
import * as bookings from '../models/bookings.repo.js';
import { calendarFile } from '../services/booking-pages.service.js';
import { renderNotFound, viewerOf } from './bookings.controller.js';

/** GET /bookings/:id/calendar.ics — the same access rule as the booking page. */
export async function show(req: Request, res: Response): Promise<void> {
  const booking = await bookings.findForViewer(String(req.params.id), viewerOf(req));
  if (!booking) return renderNotFound(res);
  const { filename, body } = await calendarFile(booking);
  res.attachment(filename);
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(body);
}
