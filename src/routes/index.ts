import { Router } from 'express';
import { keptPageReads } from '../middleware/page-cache.js';
import { accountRoutes } from './accounts.js';
import { adminRoutes } from './admin.js';
import { apiRoutes } from './api.js';
import { bookingRoutes } from './bookings.js';
import { catalogueRoutes } from './catalogue.js';
import { disputeRoutes } from './disputes.js';
import { messageRoutes } from './messages.js';
import { publicRoutes } from './public.js';
import { reportRoutes } from './reports.js';
import { trainingRoutes } from './training.js';

/**
 * The route table, by area: each area adds its routes to the one router, in this order (an area's
 * fixed paths before its parameters: `/services/create` before `/services/:id`). One flat router, so that
 * the form-body check and the security suite read every route from one stack.
 */
export function routes(): Router {
  const r = Router();
  publicRoutes(r);
  accountRoutes(r);
  catalogueRoutes(r);
  apiRoutes(r);
  bookingRoutes(r);
  disputeRoutes(r);
  messageRoutes(r);
  trainingRoutes(r);
  reportRoutes(r);
  adminRoutes(r);
  return r;
}

/** What the route table's kept pages read, together (the boot makes the change-noting triggers from it). */
export function keptPageReadsOfRoutes(): ReturnType<typeof keptPageReads> {
  routes();
  return keptPageReads();
}
