import type { ErrorRequestHandler, Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { logger, errorFields } from '../config/logger.js';
import { AppError, type NotFoundResource } from '../lib/app-error.js';
import { classifyError } from '../lib/error-catalogue.js';

/** Each missing resource's own page and its title: one table for the whole app. */
const NOT_FOUND_PAGES: Record<NotFoundResource, { view: string; titleKey: string }> = {
  page: { view: 'errors/404', titleKey: 'errors:notFound.title' },
  service: { view: 'services/not-found', titleKey: 'services:show.notFound.title' },
  provider: { view: 'providers/not-found', titleKey: 'services:provider.notFound.title' },
  booking: { view: 'bookings/not-found', titleKey: 'bookings:show.notFound.title' },
  bookable_service: { view: 'bookings/service-not-found', titleKey: 'bookings:wizard.notFound.title' },
  thread: { view: 'messages/not-found', titleKey: 'messages:notFound.title' },
};

const UNAVAILABLE_RETRY_AFTER_S = 30;

function wantsJson(req: Request): boolean {
  return req.path.startsWith('/api/') || (req.accepts(['html', 'json']) === 'json' && !req.accepts('html'));
}

/** Body-parser and similar library errors carry a status and a type; map the common ones. */
function fromLibrary(err: unknown): AppError | null {
  if (!err || typeof err !== 'object') return null;
  // A path that cannot be decoded (the router's URIError) is an address that does not exist.
  if (err instanceof URIError) return new AppError(404, 'not_found', 'errors:notFound.title');
  const e = err as { type?: string; status?: number; code?: string };
  if (e.type === 'entity.too.large') return new AppError(413, 'payload_too_large', 'errors:payloadTooLarge');
  if (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'parameters.too.many') {
    return new AppError(400, 'bad_request', 'errors:badRequest');
  }
  if (e.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'payload_too_large', 'errors:payloadTooLarge');
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError(e.status, 'bad_request', 'errors:badRequest');
  }
  return null;
}

function render(res: Response, view: string, status: number, model: Record<string, unknown>): void {
  res.status(status).render(view, model, (renderErr, html) => {
    if (renderErr) {
      logger.error('error page failed to render', errorFields(renderErr));
      res.type('text/plain').send(`${t('errors:unexpected')} (${String(res.req.id ?? '')})`);
      return;
    }
    res.send(html);
  });
}

/**
 * The last middleware. Expected errors show their Italian message with their status; anything else is
 * logged with the request id and shown as "Si è verificato un errore imprevisto", never as a stack trace.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const appError = err instanceof AppError ? err : fromLibrary(err);
  const status = appError?.status ?? 500;
  const requestId = req.id;

  if (!appError) {
    const entry = classifyError(err);
    logger.error('request failed', {
      requestId,
      method: req.method,
      path: req.path,
      code: entry.code,
      ...errorFields(err),
    });
    // A database that refuses or drops connections is an outage to wait out (503), not a bug (500).
    const status = entry.unavailable ? 503 : 500;
    const message = entry.unavailable ? t(entry.messageKey) : t('errors:unexpected');
    if (entry.unavailable) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
    if (wantsJson(req)) {
      res.status(status).json({ error: { code: entry.code, message, requestId } });
      return;
    }
    const title = entry.unavailable ? t('errors:unavailable.title') : t('errors:serverError.title');
    render(res, 'errors/500', status, { title, message, requestId });
    return;
  }

  const message = t(appError.messageKey, appError.details);
  const retryAfter = appError.details.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  if (wantsJson(req)) {
    res.status(status).json({ error: { code: appError.code, message, requestId } });
    return;
  }
  if (status === 404 && appError.resource !== 'page') {
    const page = NOT_FOUND_PAGES[appError.resource];
    render(res, page.view, 404, { title: t(page.titleKey), noindex: true });
    return;
  }
  if (appError.code === 'role_required') {
    render(res, 'errors/role-required', 403, { title: t(String(appError.details.titleKey)), message, noindex: true });
    return;
  }
  if (status === 404 && appError.messageKey === 'errors:notFound.title') {
    render(res, NOT_FOUND_PAGES.page.view, 404, {
      title: t(NOT_FOUND_PAGES.page.titleKey),
      backUrl: sameSiteReferer(req),
    });
    return;
  }
  render(res, 'errors/error', status, { title: message, message, status, backUrl: sameSiteReferer(req) });
};

/** "Torna indietro" without JavaScript: the referring page when it is ours, else the home page. */
function sameSiteReferer(req: Request): string {
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === req.get('host') && url.pathname !== req.path ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}
