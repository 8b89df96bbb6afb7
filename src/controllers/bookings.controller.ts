import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { bookingDetailPage, type DetailOptions } from '../pages/booking-detail.page.js';
import { bookingsListPage } from '../pages/bookings-list.page.js';
import { isListStatus } from '../lib/booking-list-status.js';
import { bookingDetail, findBooking, listBookings, type BookingViewer } from '../services/booking-records.service.js';

export function viewerOf(req: Request): BookingViewer {
  return { id: req.user!.id, userType: req.user!.userType };
}

/** The booking page, also after an action that did not go through (its status and message). */
export async function renderDetail(req: Request, res: Response, status: number, options: DetailOptions = {}): Promise<void> {
  const booking = await findBooking(String(req.params.id), viewerOf(req));
  if (!booking) throw notFound('booking');
  const now = new Date();
  res.status(status).render('bookings/show', bookingDetailPage(await bookingDetail(booking, viewerOf(req), now), now, options));
}

/** GET /bookings */
export async function index(req: Request, res: Response): Promise<void> {
  const status = isListStatus(req.query.status) ? req.query.status : null;
  const page = Number.parseInt(typeof req.query.page === 'string' ? req.query.page : '1', 10);
  const viewer = viewerOf(req);
  res.render('bookings/index', bookingsListPage(await listBookings(viewer, status, Number.isFinite(page) ? page : 1), viewer));
}

/** GET /bookings/:id */
export async function show(req: Request, res: Response): Promise<void> {
  await renderDetail(req, res, 200);
}
