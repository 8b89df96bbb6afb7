import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Every request gets an id, echoed in X-Request-Id, in the logs and on the error page. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  req.id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
};
