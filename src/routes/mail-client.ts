import type { Express } from 'express';
import * as savedSearches from '../controllers/saved-searches.controller.js';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../documents/saved-searches.js';

/**
 * What a mail client asks on its reader's behalf, authenticated by the token in the address it was given,
 * never by a session: mounted before the session and its CSRF check (src/app.ts), which a mail client has
 * neither of. Each route changes only what its token names.
 */
export function mailClientRoutes(app: Express): void {
  // RFC 8058: the mail client's own "unsubscribe" button posts "List-Unsubscribe=One-Click" here.
  app.post(ONE_CLICK_UNSUBSCRIBE_PATH, savedSearches.oneClickUnsubscribe);
}
