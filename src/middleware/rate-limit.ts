import type { Request, RequestHandler } from 'express';
import { consume, tooManyAttempts, type RateRule } from '../services/rate-limit.service.js';

/** What a request is counted as: e.g. its IP, or its IP and the address typed in the form. */
export type Subject = (req: Request) => string | null;

export const byIp: Subject = (req) => req.ip ?? 'unknown';

/** The normalised email of the form, or the address waiting in the session; '' when there is none. */
function formEmail(req: Request): string {
  const body = req.body as Record<string, unknown> | undefined;
  const email = typeof body?.email === 'string' && body.email.trim() ? body.email : req.session?.pendingVerificationEmail;
  return (email ?? '').trim().toLowerCase();
}

/** IP plus the email of the form. */
export const byIpAndEmail: Subject = (req) => `${req.ip ?? 'unknown'}|${formEmail(req)}`;

/** The email of the form, from any IP: one mailbox cannot be flooded from many addresses. Not counted without one. */
export const byEmail: Subject = (req) => formEmail(req) || null;

/**
 * Counts the request against a rule stored in PostgreSQL (shared by every process); over the limit the
 * request stops with 429, an Italian message saying when to retry, and Retry-After.
 */
export function rateLimit(rule: RateRule, subject: Subject): RequestHandler {
  return async (req, _res, next) => {
    const key = subject(req);
    if (key === null) return next();
    const decision = await consume(rule, key);
    if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
    next();
  };
}
