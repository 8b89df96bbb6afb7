import type { RequestHandler } from 'express';
import { config } from '../config/env.js';
import { VIEW_HELPERS } from '../config/views.js';
import { loginUrlFor } from './auth.js';
import { csrfTokenFor } from './csrf.js';
import { appNavFor } from '../lib/app-nav.js';
import { todayInRome } from '../lib/booking-time.js';

const ACCOUNT_PAGE = /^\/(auth|login|register|forgot-password|email-)/;
const SEARCH_PAGE = /^\/(search|services)(\/(consultation|training|safety|environment|health))?\/?$/;

/**
 * What every view may use, set first thing so that even a request that fails before the session is read
 * (a malformed body, a session store that is down) renders its error page: the translator, the
 * formatting helpers, the request's path and id, and a visitor's header. Nothing else: pages get their
 * data from an explicit view model.
 */
export const pageLocals: RequestHandler = (req, res, next) => {
  Object.assign(res.locals, VIEW_HELPERS);
  // The signed-in party's navigation (views/partials/_app-nav.ejs), made from the user and the path.
  res.locals.appNav = appNavFor;
  res.locals.currentPath = req.path;
  res.locals.requestId = req.id;
  res.locals.baseUrl = config().baseUrl;
  // The company behind the site, in every page's footer.
  res.locals.operator = config().operator;
  // The footer's "© <year>": this year in Rome.
  res.locals.copyrightYear = todayInRome().slice(0, 4);
  res.locals.currentUser = null;
  res.locals.unreadNotifications = 0;
  res.locals.unreadMessages = 0;
  res.locals.flashMessages = [];
  res.locals.csrfToken = () => '';
  // The header search box shows what the search page is showing.
  const q = Array.isArray(req.query.q) ? req.query.q[0] : req.query.q;
  res.locals.headerQuery = typeof q === 'string' && SEARCH_PAGE.test(req.path) ? q.trim().slice(0, 200) : '';
  // "Accedi" in the header brings the visitor back to the page they were reading (not from home or the
  // account pages themselves: from there the dashboard is the place to go).
  res.locals.headerLoginUrl =
    req.method === 'GET' && req.path !== '/' && !ACCOUNT_PAGE.test(req.path) ? loginUrlFor(req) : '/auth/login';
  next();
};

/** Once the session is read: the current user, their unread count and the session's CSRF token. */
export const userLocals: RequestHandler = (req, res, next) => {
  res.locals.currentUser = req.user ?? null;
  // An operator (req.operator) is no party: the header offers the console and Esci.
  res.locals.currentOperator = req.operator ?? null;
  // An operator's "Accedi come": every page carries its banner (views/partials/_impersonation-banner.ejs).
  res.locals.impersonation = req.impersonation ?? null;
  res.locals.csrfToken = () => csrfTokenFor(req);
  res.locals.unreadNotifications = req.user?.unreadNotifications ?? 0;
  res.locals.unreadMessages = req.user?.unreadMessages ?? 0;
  // Pages of a signed-in user are never kept by the browser or a proxy: after Esci, Back shows nothing.
  if (req.user || req.operator) res.set('Cache-Control', 'private, no-store');
  next();
};
