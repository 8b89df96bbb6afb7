import type { RequestHandler } from 'express';

export type FlashType = 'success' | 'error' | 'info' | 'warning';
/**
 * A message for the next page, shown as a toast for 4 s; a critical one (the user must act on it or lose
 * something) for 8 s (docs/product.md §8). An error is not critical by being an error.
 */
export interface FlashMessage {
  type: FlashType;
  message: string;
  critical?: true;
}

/** Messages kept in the session for the next page only (after a redirect). */
export const flash: RequestHandler = (req, res, next) => {
  req.flash = (type: FlashType, message: string, critical?: 'critical') => {
    const list = req.session.flash ?? [];
    list.push(critical ? { type, message, critical: true } : { type, message });
    req.session.flash = list;
  };
  const pending = req.session?.flash;
  if (pending?.length) {
    res.locals.flashMessages = pending;
    delete req.session.flash;
  } else {
    res.locals.flashMessages = [];
  }
  next();
};
