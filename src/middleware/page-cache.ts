import type { Request, RequestHandler, Response } from 'express';
import { unionOfReads, type PageReads, type Watch } from '../lib/page-reads.js';
import { cachedPage, catalogueSnapshot, keepPage, pageCacheEnabled } from '../services/page-cache.service.js';

/** Nothing in the session but its cookie: no user, no flash message, no CSRF token, nothing of theirs. */
function anonymous(req: Request): boolean {
  if (req.user) return false;
  const session = req.session as unknown as Record<string, unknown> | undefined;
  return !session || Object.keys(session).every((key) => key === 'cookie');
}

/** Marks a kept route's handler with what it declares it reads (the tests read it from the route table). */
export const KEPT_READS = Symbol('kept page reads');

/** Every declaration of a kept route, as the route table registered them. */
const declared = new Set<PageReads>();

/** The tables (and columns) the kept pages read, together: what the change-noting triggers must watch. */
export function keptPageReads(): Map<string, Watch> {
  return unionOfReads(declared);
}

/**
 * Serves and keeps a public page that is the same for every visitor without a session (page-cache.service):
 * home, search, the search API, the provider pages. `reads` declares every table the page reads (and the
 * columns, where only some show): the triggers that end kept pages are made from these declarations.
 * A page that put something in the session while rendering (a CSRF token), set a cookie or answered with
 * anything but 200 is not kept. X-Cache says which it was: HIT or MISS.
 */
export function keptPage(reads: PageReads): RequestHandler {
  declared.add(reads);
  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' || !pageCacheEnabled() || !anonymous(req)) return next();
    const key = req.originalUrl;
    const hit = await cachedPage(key);
    if (hit) {
      res.set('X-Cache', 'HIT');
      res.type(hit.contentType);
      res.send(hit.body);
      return;
    }
    const snapshot = await catalogueSnapshot();
    const send = res.send.bind(res) as Response['send'];
    res.send = ((body: unknown) => {
      res.send = send;
      const keep = res.statusCode === 200 && (typeof body === 'string' || Buffer.isBuffer(body));
      res.set('X-Cache', 'MISS');
      const out = send(body);
      if (keep && anonymous(req) && !res.getHeader('Set-Cookie')) {
        keepPage(key, snapshot, {
          body: typeof body === 'string' ? Buffer.from(body) : (body as Buffer),
          contentType: String(res.getHeader('Content-Type') ?? 'text/html'),
        });
      }
      return out;
    }) as Response['send'];
    next();
  };
  return Object.assign(handler, { [KEPT_READS]: reads });
}
