import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type pg from 'pg';
import type { RequestHandler } from 'express';
import type { Config } from './env.js';
import * as sessions from '../models/sessions.js';
import { rememberSessionUser } from './passport.js';

export const SESSION_COOKIE = 'sicurhub.sid';
const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;

/** Cookie sessions stored in PostgreSQL, so any number of web processes share them. */
export function sessionMiddleware(cfg: Config, pool: pg.Pool): RequestHandler {
  const PgStore = connectPgSimple(session);
  /**
   * connect-pg-simple, whose read also brings the signed-in account (models/sessions.ts findWithUser): passport
   * then takes it from there instead of reading it again (config/passport.ts).
   */
  class SessionWithUserStore extends PgStore {
    override get(sid: string, fn: (err: unknown, sess?: session.SessionData | null) => void): void {
      sessions.findWithUser(pool, sid).then(
        (found) => {
          if (!found) return fn(null, null);
          rememberSessionUser(found.sess, found.user);
          return fn(null, found.sess as unknown as session.SessionData);
        },
        (err: unknown) => fn(err),
      );
    }
  }
  return session({
    name: SESSION_COOKIE,
    secret: cfg.sessionSecret,
    store: new SessionWithUserStore({
      pool,
      tableName: 'sessions',
      createTableIfMissing: false,
      // Expired rows are deleted by the job runner (sessions.prune): a web process keeps no timer that outlives
      // its pool, and several web processes do not each delete the same rows.
      pruneSessionInterval: false,
      // The browser's cookie is only set again when the session changes (rolling: false), and then the row is
      // stored with the same expiry: moving the row's expiry on every request (an UPDATE and a commit for each
      // page a signed-in user opens) would keep a session the browser has already dropped.
      disableTouch: true,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    // No `proxy` option: express-session then follows the app's `trust proxy` (TRUST_PROXY).
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: cfg.isProduction,
      maxAge: TWO_WEEKS_MS,
    },
  });
}
