import type { RequestHandler, Response } from 'express';
import { errorFields, logger } from '../config/logger.js';
import { positionAfterWrite, readCatalogue, readRoutingOn } from '../services/read-routing.service.js';

declare module 'express-session' {
  interface SessionData {
    /** The primary's WAL position after this session's last write: its reads wait for a replica that far. */
    wroteLsn?: string;
  }
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Before a public catalogue page's handlers (and before the page cache, so that a kept page and the snapshot
 * it is kept under come from the same server): lets them read the replica when it is current enough for
 * this session (services/read-routing.service.ts).
 */
export const readsFromReplica: RequestHandler = (req, _res, next) => {
  if (!READS.has(req.method)) return next();
  readCatalogue(req.session?.wroteLsn, next);
};

/**
 * After the session middleware (and after saveSessionBeforeResponse, so that this runs first and the session
 * is stored with its mark): a request that may have written notes the primary's WAL position in its session
 * before its response goes, so that the session's next pages read the primary until the replica has replayed
 * it. Only with a replica.
 */
export const noteWrites: RequestHandler = (req, res, next) => {
  if (READS.has(req.method) || req.method === 'OPTIONS' || !readRoutingOn()) return next();
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    res.end = end as Response['end'];
    if (!req.session || res.headersSent) return end(...args);
    positionAfterWrite(req.session.wroteLsn)
      .then((lsn) => {
        if (req.session) req.session.wroteLsn = lsn;
      })
      .catch((err: unknown) => logger.warn('write position not noted', errorFields(err)))
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
  next();
};
