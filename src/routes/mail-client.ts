import type { Express, RequestHandler } from 'express';
import * as savedSearches from '../controllers/saved-searches.controller.js';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../documents/saved-searches.js';

/**
 * What a mail client asks on its reader's behalf, authenticated by the token in the address it was given,
 * never by a session: mounted before the session and its CSRF check (src/app.ts), which a mail client has
 * neither of. Each route changes only what its token names. The security suite reads this list: these
 * routes, and only these, answer without a CSRF token.
 */
export const MAIL_CLIENT_ROUTES: readonly { method: 'post'; path: string; handler: RequestHandler }[] = [
  // RFC 8058: the mail client's own "unsubscribe" button posts "List-Unsubscribe=One-Click" here.
  { method: 'post', path: ONE_CLICK_UNSUBSCRIBE_PATH, handler: savedSearches.oneClickUnsubscribe },
];

export function mailClientRoutes(app: Express): void {
  for (const route of MAIL_CLIENT_ROUTES) app[route.method](route.path, route.handler);
}
