import type { Request, RequestHandler, Response } from 'express';
import { t } from '../config/i18n.js';
import { consume, minutesUntil, tooManyAttempts, type RateRule } from '../services/rate-limit.service.js';

/** Rules are declared beside the routes they guard (src/routes/), in these units. */
export { HOUR, MINUTE, type RateRule } from '../services/rate-limit.service.js';

/** What a request is counted as: e.g. its IP, or its IP and the address typed in the form. */
export type Subject = (req: Request) => string | null;

export const byIp: Subject = (req) => req.ip ?? 'unknown';

/** The signed-in account, wherever it posts from; not counted for visitors (their routes ask them to log in). */
export const byUser: Subject = (req) => req.user?.personId ?? null;

/** The normalised email of the form, or the address waiting in the session; '' when there is none. */
function formEmail(req: Request): string {
  const body = req.body as Record<string, unknown> | undefined;
  const email =
    typeof body?.email === 'string' && body.email.trim() ? body.email : req.session?.pendingVerificationEmail;
  return (email ?? '').trim().toLowerCase();
}

/** IP plus the email of the form. */
export const byIpAndEmail: Subject = (req) => `${req.ip ?? 'unknown'}|${formEmail(req)}`;

/** The email of the form, from any IP: one mailbox cannot be flooded from many addresses. Not counted without one. */
export const byEmail: Subject = (req) => formEmail(req) || null;

/**
 * How a form answers a request over its limit: the status (429) and Retry-After are already set; the
 * controller draws its form again, as typed (never a password), with `message` ("Troppi tentativi.
 * Riprova tra N minuti.") in the form's banner.
 */
export type LimitedAnswer = (req: Request, res: Response, message: string) => void | Promise<void>;

/**
 * Counts the request against a rule stored in PostgreSQL (shared by every process). Over the limit the
 * request stops with 429, an Italian message saying when to retry, and Retry-After: given to the form's
 * `limited` answer when there is one, else thrown for the error page.
 */
export function rateLimit(rule: RateRule, subject: Subject, limited?: LimitedAnswer): RequestHandler {
  return async (req, res, next) => {
    const key = subject(req);
    if (key === null) return next();
    const decision = await consume(rule, key);
    if (decision.allowed) return next();
    if (!limited) throw tooManyAttempts(decision.retryAfterSeconds);
    res.status(429).setHeader('Retry-After', String(decision.retryAfterSeconds));
    await limited(req, res, t('auth:rateLimited', { count: minutesUntil(decision.retryAfterSeconds) }));
  };
}
