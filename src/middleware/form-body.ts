import type { Request, RequestHandler, Router } from 'express';
import { AppError, badRequest } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Marks a route handler that parses multipart bodies itself (the upload middleware). */
export const TAKES_MULTIPART = Symbol('takes multipart');

interface RouteLayer {
  match(path: string): unknown;
  route?: { methods: Record<string, boolean | undefined>; stack: { handle: unknown }[] };
}

/** The handlers of the route that will answer this request, or null when none will (a 404 to come). */
function routeOf(router: Router, req: Request): RouteLayer['route'] | null {
  const method = req.method.toLowerCase();
  for (const layer of router.stack as unknown as RouteLayer[]) {
    const route = layer.route;
    if (!route || !(route.methods[method] || route.methods._all)) continue;
    try {
      if (layer.match(req.path)) return route;
    } catch {
      // A path that cannot be decoded matches nothing: the router answers it with the 404 page.
      return null;
    }
  }
  return null;
}

const isRecord = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Every state-changing route of the table takes an HTML form: a urlencoded body, or a multipart one
 * where the route parses uploads. Anything else (no body, JSON, text, multipart where no file is
 * expected) is refused here with 400 or 415, before a guard or controller reads a body that is not
 * there and before anything changes. Runs after the CSRF check, so a missing token is still a 403.
 */
export function formBodies(router: Router): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const route = routeOf(router, req);
    const upload = route?.stack.find((layer) => (layer.handle as Record<symbol, unknown>)[TAKES_MULTIPART])?.handle as
      RequestHandler | undefined;
    if (req.csrfInBody) {
      // A multipart form's token is a field of its body: where no upload middleware reads it, it has none.
      if (!upload) return next(new AppError(403, 'csrf_invalid', 'errors:csrf'));
      // The route's own upload middleware parses it now, before the route's guards, and checks the token
      // (src/middleware/upload.ts): a forged form is refused as any other, before anything else runs.
      return void upload(req, res, next);
    }
    if (!route) return next();
    if (req.is('application/x-www-form-urlencoded') && isRecord(req.body)) return next();
    if (req.is('multipart/form-data') && upload) return next();
    if (!hasBody(req)) return next(badRequest());
    next(new AppError(415, 'unsupported_media_type', 'errors:unsupportedMediaType'));
  };
}
