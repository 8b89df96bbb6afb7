import type { RequestHandler } from 'express';
import { logger, errorFields } from '../config/logger.js';
import { noteSessionActivity } from '../services/account-security.service.js';

/** How stale a signed-in session's "ultima attività" may get: one write per session per this many minutes. */
export const ACTIVITY_MINUTES = 5;

/**
 * Notes the last activity of a signed-in session for the account's list of sessions, at most once every
 * ACTIVITY_MINUTES, in the stored row only (the session's cookie and expiry do not move). A failure to note
 * it never fails the page.
 */
export const sessionActivity: RequestHandler = (req, _res, next) => {
  if (!(req.user || req.operator) || !req.session) return next();
  const seen = (req.session as unknown as { seenAt?: unknown }).seenAt;
  const last = typeof seen === 'string' ? Date.parse(seen) : NaN;
  if (!Number.isNaN(last) && Date.now() - last < ACTIVITY_MINUTES * 60_000) return next();
  noteSessionActivity(req.sessionID, new Date().toISOString()).then(
    () => next(),
    (err: unknown) => {
      logger.warn('could not note session activity', { requestId: req.id, ...errorFields(err) });
      next();
    },
  );
};
