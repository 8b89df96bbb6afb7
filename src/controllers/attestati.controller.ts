import type { Request, Response } from 'express';
import { logger, errorFields } from '../config/logger.js';
import { notFound } from '../lib/app-error.js';
import { archivePage, verificationPage } from '../pages/attestati.page.js';
import { openAttestatoPdf, providerArchive, verifyCode } from '../services/attestati.service.js';
import { viewerOf } from './bookings.controller.js';
import { requestedPage } from '../lib/search.shared.js';

const STATUS = { malformed: 400, unknown: 404, found: 200 } as const;

/** The code a lookup asks for: the path's (the QR link) or the form's (?code=). */
const codeOf = (req: Request): string =>
  typeof req.params.code === 'string' ? req.params.code : typeof req.query.code === 'string' ? req.query.code : '';

/** What the verification's rate limit counts: the IP of a lookup; the empty form is not counted. */
export const lookupSubject = (req: Request): string | null => (codeOf(req).trim() ? (req.ip ?? 'unknown') : null);

function noindex(res: Response): void {
  res.set('X-Robots-Tag', 'noindex, nofollow');
}

/** GET /attestati/verifica and GET /attestati/verifica/:code — anyone, without login. */
export async function verify(req: Request, res: Response): Promise<void> {
  noindex(res);
  const typed = codeOf(req).trim();
  if (!typed) return res.render('attestati/verify', verificationPage('', null));
  const outcome = await verifyCode(typed);
  res.status(STATUS[outcome.kind]).render('attestati/verify', verificationPage(typed, outcome));
}

/** Over the rate limit: the form again, 429, the message beside the field. */
export function limited(req: Request, res: Response, message: string): void {
  noindex(res);
  res.render('attestati/verify', verificationPage(codeOf(req).trim(), { kind: 'limited', message }));
}

/** GET /attestati/:id/pdf — the booking's client and provider only. */
export async function pdf(req: Request, res: Response): Promise<void> {
  const found = await openAttestatoPdf(String(req.params.id), viewerOf(req));
  if (!found) throw notFound('page');
  const { attestato, file } = found;
  res.attachment(`attestato-${attestato.code}.pdf`);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  file.body.on('error', (err) => {
    logger.error('attestato stream failed', { attestatoId: attestato.id, ...errorFields(err) });
    res.destroy(err);
  });
  file.body.pipe(res);
}

/** GET /provider/attestati?corso=<service id>&page=N — "Attestati emessi". */
export async function index(req: Request, res: Response): Promise<void> {
  const page = requestedPage(req.query.page);
  const listingId = typeof req.query.corso === 'string' && req.query.corso ? req.query.corso : null;
  res.render('attestati/index', archivePage(await providerArchive(viewerOf(req), page, listingId)));
}
