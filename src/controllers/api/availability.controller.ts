import type { Request, Response } from 'express';
import { badRequest, notFound } from '../../lib/app-error.js';
import { isRealDate } from '../../lib/booking-fields.js';
import { addDays, todayInRome } from '../../lib/booking-time.js';
import { availabilityJson } from '../../pages/availability.page.js';
import {
  AVAILABILITY_MAX_DAYS,
  AVAILABILITY_WINDOW_DAYS,
  availabilityFor,
} from '../../services/availability.service.js';
import { findBookableListing } from '../../services/bookings.service.js';
import { MAX_DAYS_AHEAD } from '../../validators/booking.validator.js';

const first = (value: unknown): string => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * GET /api/services/:id/availability?from=YYYY-MM-DD&days=N — the dates from `from` (default today) for N
 * days (default 62, at most 92) on which the service can start, each with its start times (Rome clock).
 */
export async function show(req: Request, res: Response): Promise<void> {
  const listing = await findBookableListing(String(req.params.id));
  if (!listing) throw notFound('bookable_service');
  const today = todayInRome();
  const fromText = first(req.query.from);
  const daysText = first(req.query.days);
  if ((fromText && !isRealDate(fromText)) || (daysText && !/^\d{1,3}$/.test(daysText))) {
    throw badRequest('availability:api.invalidQuery');
  }
  const last = addDays(today, MAX_DAYS_AHEAD);
  const from = fromText && fromText > today ? fromText : today;
  const wanted = daysText ? Number(daysText) : AVAILABILITY_WINDOW_DAYS;
  if (wanted < 1 || wanted > AVAILABILITY_MAX_DAYS || from > last) throw badRequest('availability:api.invalidQuery');
  const days = Math.min(wanted, Math.round((Date.parse(last) - Date.parse(from)) / 86_400_000) + 1);
  const dates = await availabilityFor(listing, from, days);
  const next = addDays(from, days);
  res.set('Cache-Control', 'no-store');
  res.json(availabilityJson(dates, { from, days, next: next > last ? null : next }));
}
