import type { RequestHandler } from 'express';
import { config } from '../config/env.js';
import { t } from '../config/i18n.js';
import { asset } from '../lib/assets.js';
import { csrfTokenFor } from './csrf.js';
import * as format from '../lib/format.js';

const SEARCH_PAGE = /^\/(search|services)(\/(consultation|training|safety|environment|health))?\/?$/;

/**
 * What every view may use: the translator, the current user, the CSRF token, flash messages and
 * the formatting helpers. Nothing else: pages get their data from an explicit view model.
 */
export const locals: RequestHandler = (req, res, next) => {
  res.locals.t = t;
  res.locals.asset = asset;
  res.locals.format = format;
  res.locals.currentUser = req.user ?? null;
  res.locals.csrfToken = () => csrfTokenFor(req);
  res.locals.currentPath = req.path;
  res.locals.requestId = req.id;
  res.locals.baseUrl = config().baseUrl;
  // The header search box shows what the search page is showing.
  const q = Array.isArray(req.query.q) ? req.query.q[0] : req.query.q;
  res.locals.headerQuery = typeof q === 'string' && SEARCH_PAGE.test(req.path) ? q.trim().slice(0, 200) : '';
  res.locals.unreadNotifications = req.user?.unreadNotifications ?? 0;
  next();
};
