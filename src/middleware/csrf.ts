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

declare global {
  namespace Express {
    interface Request {
      /**
       * A multipart form without the X-CSRF-Token header: its token is a field of the body, which only the
       * route's upload middleware parses. formBodies runs that middleware before the route's guards, and it
       * checks the token (checkUploadToken) before anything sees a file; a route without one refuses it.
       */
      csrfInBody?: boolean;
    }
  }
}

function submittedToken(req: Request): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body._csrf === 'string' ? body._csrf : undefined;
  return fromBody ?? req.get('x-csrf-token');
}

const refused = (): AppError => new AppError(403, 'csrf_invalid', 'errors:csrf');

/** Whether the request carries the session's token (in its parsed body or in the X-CSRF-Token header). */
function carriesToken(req: Request): boolean {
  const expected = req.session?.csrfToken;
  const actual = submittedToken(req);
  return Boolean(expected && actual && sameToken(expected, actual));
}

/**
 * The deferred check of a multipart form, run by the upload middleware once multer parsed the body (files
 * in memory only): a missing or wrong token is a 403 and the files are dropped, so nothing of them is kept.
 */
export function checkUploadToken(req: Request): AppError | null {
  if (!req.csrfInBody) return null;
  req.csrfInBody = false;
  if (carriesToken(req)) return null;
  req.file = undefined;
  req.files = undefined;
  return refused();
}

/**
 * Every state-changing request (forms and island calls) must carry the session's token, in its body or in
 * the X-CSRF-Token header, never in the URL (where it would land in logs and Referer headers); otherwise
 * 403 "Sessione scaduta o richiesta non valida". A multipart form's body is parsed later, by the route's
 * upload middleware, which checks its token field (checkUploadToken).
 */
export const csrfProtection: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  // Logging out without a signed-in session (expired, or already ended in another tab) changes nothing:
  // it needs no token and lands on the home page like any logout (docs/product.md §2 "whatever happens").
  if (req.path === LOGOUT_PATH && !req.user) return next();
  if (carriesToken(req)) return next();
  if (req.is('multipart/form-data') && req.get('x-csrf-token') === undefined) {
    req.csrfInBody = true;
    return next();
  }
  next(refused());
};

function sameToken(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
