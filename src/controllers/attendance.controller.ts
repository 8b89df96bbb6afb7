import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { allPresentValues, attendanceCsv, attendancePage } from '../pages/attendance.page.js';
import { openRegister, saveAttendance, type NotReady } from '../services/attendance.service.js';
import { viewerOf } from './bookings.controller.js';

const NOT_READY: Readonly<Record<NotReady, string>> = {
  not_training: 'attestati:attendance.notTraining',
  not_completed: 'attestati:attendance.notCompleted',
};

/** A booking that has no register (yet): back to the booking, with the reason. */
function notReady(req: Request, res: Response, reason: NotReady): void {
  req.flash('error', t(NOT_READY[reason]));
  res.redirect(303, `/bookings/${String(req.params.id)}`);
}

/** GET /bookings/:id/attendance — the booking's provider only ("Registro presenze"). */
export async function show(req: Request, res: Response): Promise<void> {
  const access = await openRegister(String(req.params.id), viewerOf(req));
  if (!access.ok && access.kind === 'not_found') throw notFound('booking');
  if (!access.ok) return notReady(req, res, access.reason);
  res.render('attestati/attendance', attendancePage(access.register));
}

/** POST /bookings/:id/attendance — saves attendance and issues the attestati of the present participants. */
export async function create(req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (body.mark === 'all_present') {
    // "Tutti presenti": the form again with everyone still to register marked present; nothing saved yet.
    const access = await openRegister(String(req.params.id), viewerOf(req));
    if (!access.ok && access.kind === 'not_found') throw notFound('booking');
    if (!access.ok) return notReady(req, res, access.reason);
    const values = allPresentValues(access.register, body);
    return res.render('attestati/attendance', attendancePage(access.register, { errors: {}, values }));
  }
  const result = await saveAttendance(String(req.params.id), viewerOf(req), req.body);
  if (result.ok) {
    const done = t('attestati:attendance.done', { count: result.issued.length });
    const refused = result.refused > 0 ? ` ${t('attestati:attendance.refused', { count: result.refused })}` : '';
    req.flash('success', `${done}${refused}`);
    return res.redirect(303, `/bookings/${String(req.params.id)}/attendance`);
  }
  if (result.kind === 'not_found') throw notFound('booking');
  if (result.kind === 'not_ready') return notReady(req, res, result.reason);
  res.status(422).render('attestati/attendance', attendancePage(result.register, result));
}

/** GET /bookings/:id/attendance.csv — the register for the provider's records. */
export async function download(req: Request, res: Response): Promise<void> {
  const access = await openRegister(String(req.params.id), viewerOf(req));
  if (!access.ok && access.kind === 'not_found') throw notFound('booking');
  if (!access.ok) return notReady(req, res, access.reason);
  const csv = attendanceCsv(access.register);
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.set('Cache-Control', 'private, no-store');
  res.attachment(csv.filename);
  res.send(csv.body);
}
