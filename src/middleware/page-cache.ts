import type { Request, RequestHandler, Response } from 'express';
import { cachedPage, catalogueSnapshot, keepPage, pageCacheEnabled } from '../services/page-cache.service.js';

/** Nothing in the session but its cookie: no user, no flash message, no CSRF token, nothing of theirs. */
function anonymous(req: Request): boolean {
  if (req.user) return false;
  const session = req.session as unknown as Record<string, unknown> | undefined;
  return !session || Object.keys(session).every((key) => key === 'cookie');
}

/**
 * Serves and keeps the public catalogue pages a visitor without a session sees (page-cache.service).
 * Mounted on the routes of pages that are the same for every such visitor: home, search, the search API,
 * the provider pages.
 * A page that put something in the session while rendering (a CSRF token), set a cookie or answered with
 * anything but 200 is not kept. X-Cache says which it was: HIT or MISS.
 */
export const publicPageCache: RequestHandler = async (req, res, next) => {
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
    const keep = res.statusCode === 200 && typeof body === 'string';
    res.set('X-Cache', 'MISS');
    const out = send(body);
    if (keep && anonymous(req) && !res.getHeader('Set-Cookie')) {
      keepPage(key, snapshot, { body, contentType: String(res.getHeader('Content-Type') ?? 'text/html') });
    }
    return out;
  }) as Response['send'];
  next();
};
