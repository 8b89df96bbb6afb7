import type { Request, RequestHandler, Response } from 'express';
import { t } from '../config/i18n.js';
import { roleRequired } from '../lib/app-error.js';
import type { UserType } from '../lib/current-user.js';
import { safeReturnTo } from '../lib/return-to.js';

/** The login link that brings the user back here afterwards (only same-site paths are honoured at login). */
export function loginUrlFor(req: Request): string {
  return `/auth/login?returnTo=${encodeURIComponent(req.originalUrl)}`;
}

function renderLoginRequired(req: Request, res: Response, messageKey: string): void {
  res.status(401).render('errors/login-required', {
    title: t('errors:accessRequired.title'),
    message: t(messageKey),
    loginUrl: loginUrlFor(req),
    noindex: true,
  });
}

/**
 * Pages for signed-in users: visitors see "Accesso Richiesto" with the page's own explanation
 * (e.g. 'errors:accessRequired.bookings') and a link to log in that returns here.
 */
export function requireUser(messageKey = 'errors:accessRequired.body'): RequestHandler {
  return (req, res, next) => {
    if (req.user) return next();
    renderLoginRequired(req, res, messageKey);
  };
}

/** Pages for one kind of account: others see the page's restriction message with status 403. */
export function requireRole(role: UserType, titleKey: string, messageKey: string): RequestHandler {
  return (req, res, next) => {
    if (!req.user) return renderLoginRequired(req, res, messageKey);
    if (req.user.userType === role) return next();
    next(roleRequired(titleKey, messageKey));
  };
}

/** A page a visitor reaches only after logging in: sent to the login form, and brought back here afterwards. */
export const redirectVisitorsToLogin: RequestHandler = (req, res, next) => {
  if (req.user || req.method !== 'GET') return next();
  res.redirect(303, loginUrlFor(req));
};

/**
 * Login and registration are for visitors: a signed-in user is sent on to the (same-site) page named by
 * `returnTo`, or to the dashboard.
 */
export const requireGuest: RequestHandler = (req, res, next) => {
  if (!req.user) return next();
  res.redirect(safeReturnTo(req.query.returnTo) ?? '/dashboard');
};
