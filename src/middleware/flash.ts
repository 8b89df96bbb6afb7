import type { RequestHandler } from 'express';

export type FlashType = 'success' | 'error' | 'info' | 'warning';
export interface FlashMessage {
  type: FlashType;
  message: string;
}

/** Messages kept in the session for the next page only (after a redirect). */
export const flash: RequestHandler = (req, res, next) => {
  req.flash = (type: FlashType, message: string) => {
    const list = req.session.flash ?? [];
    list.push({ type, message });
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
