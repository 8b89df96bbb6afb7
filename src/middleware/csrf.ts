import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOGOUT_PATH = '/auth/logout';

/** The synchronizer token of this session, created the first time a form asks for it. */
export function csrfTokenFor(req: Request): string {
  req.session.csrfToken ??= randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

function submittedToken(req: Request): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body._csrf === 'string' ? body._csrf : undefined;
  const fromHeader = req.get('x-csrf-token');
  // Multipart bodies are parsed later by multer: their forms carry the token in the query string.
  const fromQuery = typeof req.query._csrf === 'string' ? req.query._csrf : undefined;
  return fromBody ?? fromHeader ?? fromQuery;
}

/**
 * Every state-changing request (forms and island calls) must carry the session's token; otherwise
 * 403 "Sessione scaduta o richiesta non valida".
 */
export const csrfProtection: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  // Logging out without a signed-in session (expired, or already ended in another tab) changes nothing:
  // it needs no token and lands on the home page like any logout (docs/product.md §2 "whatever happens").
  if (req.path === LOGOUT_PATH && !req.user) return next();
  const expected = req.session?.csrfToken;
  const actual = submittedToken(req);
  if (!expected || !actual || !sameToken(expected, actual)) {
    return next(new AppError(403, 'csrf_invalid', 'errors:csrf'));
  }
  next();
};

function sameToken(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
