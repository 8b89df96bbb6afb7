import type { RequestHandler } from 'express';
import { notFound as notFoundError } from '../lib/app-error.js';

/** Every path no route claimed: the "Pagina non trovata" page, status 404. */
export const notFound: RequestHandler = (_req, _res, next) => {
  next(notFoundError());
};
