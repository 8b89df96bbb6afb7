import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { assignTrainer } from '../services/booking-trainers.service.js';
import { renderDetail, viewerOf } from './bookings.controller.js';

/** POST /bookings/:id/trainer — the provider's administrator or office assigns the booking's Docente. */
export async function create(req: Request, res: Response): Promise<void> {
  const result = await assignTrainer(String(req.params.id), viewerOf(req), req.body);
  if (result.ok) {
    req.flash('success', t('bookings:trainer.done'));
    return res.redirect(303, `/bookings/${String(req.params.id)}`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  await renderDetail(req, res, 422, { trainerError: 'bookings:trainer.unknown' });
}
