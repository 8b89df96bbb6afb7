import type { CurrentOperator } from './current-user.js';

/**
 * "Accedi come": an operator sees the site as one person sees it, in one of their organisations, read-only
 * and for a limited time. This module is the one place that says what such a session may do: every request
 * but GET and HEAD is refused, except ending it and signing out; and the pages below, which reveal a
 * secret of the person or act on an emailed link, are refused even to read.
 */

/** Where the banner's "Termina" posts. */
export const IMPERSONATION_END_PATH = '/admin/accedi-come/termina';

/** The only requests that change something an impersonating session may make: ending it, signing out. */
export const WRITES_WHILE_IMPERSONATING: readonly string[] = [IMPERSONATION_END_PATH, '/auth/logout'];

/**
 * Pages refused to an impersonating operator even to read, as the route table names them: the second
 * factor's setup (its secret key), the archive of the person's data, the pages that ask for or set a
 * password, and the links sent by email (a new address's confirmation, an invitation).
 */
export const SECRET_PAGES: readonly string[] = [
  '/account/two-factor',
  '/account/data-export/:id',
  '/account/deletion',
  '/forgot-password',
  '/auth/reset-password',
  '/account/email-confirmation',
  '/inviti/:token',
];

/** How an impersonation ended: the banner's "Termina", its time limit, signing out, or the person unavailable. */
export const END_HOWS = ['ended', 'expired', 'signed_out', 'unavailable'] as const;
export type ImpersonationEnd = (typeof END_HOWS)[number];

/** An impersonation in progress, as every request of the operator's session carries it (req.impersonation). */
export interface Impersonation {
  id: string;
  /** The operator behind the session (req.operator is unset meanwhile: the site sees the person). */
  operator: CurrentOperator;
  personId: string;
  /** The person's name, or their address when they gave none. */
  personName: string;
  organisationId: string;
  expiresAt: Date;
}

/** The route's path as Express matches it: case-insensitive, a trailing slash ignored. */
function normalised(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

const patterns = SECRET_PAGES.map(
  (route) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
);

/** Whether the request signs out (which ends an impersonation too). */
export const isSignOut = (method: string, path: string): boolean =>
  method === 'POST' && normalised(path) === '/auth/logout';

/** Whether an impersonating session's request is refused: a change (but ending and signing out), or a secret page. */
export function refusedWhileImpersonating(method: string, path: string): boolean {
  const route = normalised(path);
  if (method !== 'GET' && method !== 'HEAD') return !WRITES_WHILE_IMPERSONATING.includes(route);
  return patterns.some((p) => p.test(route));
}
