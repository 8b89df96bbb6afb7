import type { RequestHandler, Response } from 'express';
import type { Session } from 'express-session';

/** The session as express-session compares it: everything but the cookie. */
function snapshot(session: Session | undefined): string | undefined {
  return session && JSON.stringify(session, (key, value: unknown) => (key === 'cookie' ? undefined : value));
}

/**
 * express-session stores a changed session while the response's last byte is held back: when the store
 * fails then, the status and most of the body are already out, the error handler can only drop the
 * connection, and a page that has just made a CSRF token arrives empty. Storing the session first, before
 * anything is written, lets a failing store reach the error handler while it can still answer with the
 * Italian 503 page. express-session then finds the session saved and does not store it again (a new
 * session, whose cookie is not set yet, is stored twice: the cost of one upsert on a first visit).
 */
export const saveSessionBeforeResponse: RequestHandler = (req, res, next) => {
  const before = snapshot(req.session);
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let tried = false;
  res.end = ((...args: unknown[]) => {
    const session = req.session as Session | undefined;
    if (tried || res.headersSent || !session || snapshot(session) === before) return end(...args);
    tried = true;
    session.save((err) => {
      if (!err) {
        end(...args);
        return;
      }
      // The error page must neither try the store again (express-session leaves a request without a
      // session alone) nor ask the lost session for a CSRF token.
      Reflect.deleteProperty(req, 'session');
      res.locals.csrfToken = () => '';
      next(err);
    });
    return res;
  }) as Response['end'];
  next();
};
