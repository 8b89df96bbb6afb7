import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import * as bookings from '../models/bookings.repo.js';
import type { BookingViewer } from '../models/bookings.repo.js';
import { detailPage, listPage, type DetailOptions } from '../services/booking-pages.service.js';

export function viewerOf(req: Request): BookingViewer {
  return { id: req.user!.id, userType: req.user!.userType };
}

/** "Prenotazione non trovata": unknown ids and other people's bookings look the same (nothing leaked). */
export function renderNotFound(_res: Response): never {
  throw notFound('booking');
}

/** The booking page, also after an action that did not go through (its status and message). */
export async function renderDetail(req: Request, res: Response, status: number, options: DetailOptions = {}): Promise<void> {
  const booking = await bookings.findForViewer(String(req.params.id), viewerOf(req));
  if (!booking) return renderNotFound(res);
  res.status(status).render('bookings/show', await detailPage(booking, viewerOf(req), options));
}

/** GET /bookings */
export async function index(req: Request, res: Response): Promise<void> {
  const status = bookings.isListStatus(req.query.status) ? req.query.status : null;
  const page = Number.parseInt(typeof req.query.page === 'string' ? req.query.page : '1', 10);
  res.render('bookings/index', await listPage(viewerOf(req), status, Number.isFinite(page) ? page : 1));
}

/** GET /bookings/:id */
export async function show(req: Request, res: Response): Promise<void> {
  await renderDetail(req, res, 200);
}
