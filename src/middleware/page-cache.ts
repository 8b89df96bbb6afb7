import type { Request, RequestHandler, Response } from 'express';
import { unionOfReads, type PageReads, type Watch } from '../lib/page-reads.js';
import {
  cachedPage,
  catalogueSnapshot,
  entityTag,
  keepPage,
  pageCacheEnabled,
} from '../services/page-cache.service.js';

/** Nothing in the session but its cookie: no user, no flash message, no CSRF token, nothing of theirs. */
function anonymous(req: Request): boolean {
  if (req.user) return false;
  const session = req.session as unknown as Record<string, unknown> | undefined;
  return !session || Object.keys(session).every((key) => key === 'cookie');
}

/** Marks a kept route's handler with what it declares it reads (the tests read it from the route table). */
export const KEPT_READS = Symbol('kept page reads');

/** The snapshot a page being kept was taken under, for the shared parts it is made of (keptPageSnapshot). */
const snapshots = new WeakMap<Response, string>();

/**
 * The snapshot taken before this response's page began to be made, when the page is being kept: a shared part
 * made for it reads its data later, so it may be kept under the same snapshot instead of asking for another.
 */
export function keptPageSnapshot(res: Response): string | null {
  return snapshots.get(res) ?? null;
}

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
 * anything but 200 is not kept. X-Cache says which it was: HIT or MISS. A kept page carries its entity tag,
 * made once when it is kept, so that a browser's revalidation is answered 304 (Express makes none: app.ts).
 */
export function keptPage(reads: PageReads): RequestHandler {
  declared.add(reads);
  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' || !pageCacheEnabled() || !anonymous(req)) return next();
    const key = req.originalUrl;
    const hit = await cachedPage(key);
    if (hit) {
      res.set('X-Cache', 'HIT');
      res.set('ETag', hit.etag);
      res.type(hit.contentType);
      res.send(hit.body);
      return;
    }
    const snapshot = await catalogueSnapshot();
    snapshots.set(res, snapshot);
    const send = res.send.bind(res) as Response['send'];
    res.send = ((body: unknown) => {
      res.send = send;
      res.set('X-Cache', 'MISS');
      if (res.statusCode !== 200 || !(typeof body === 'string' || Buffer.isBuffer(body))) return send(body);
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      // Sent as bytes, a page keeps the type Express gives a string.
      if (typeof body === 'string' && !res.getHeader('Content-Type')) res.type('html');
      const etag = entityTag(bytes);
      res.set('ETag', etag);
      const out = send(bytes);
      if (anonymous(req) && !res.getHeader('Set-Cookie')) {
        keepPage(key, snapshot, {
          body: bytes,
          contentType: String(res.getHeader('Content-Type') ?? 'text/html'),
          etag,
        });
      }
      return out;
    }) as Response['send'];
    next();
  };
  return Object.assign(handler, { [KEPT_READS]: reads });
}
