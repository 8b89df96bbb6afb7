import type { Router } from 'express';
import * as impersonations from '../controllers/admin-impersonations.controller.js';
import { IMPERSONATION_END_PATH } from '../lib/impersonation.js';
import { requireImpersonation } from '../middleware/impersonation.js';
import { requireOperator } from '../middleware/operator.js';

/**
 * "Accedi come": an operator starts it from a person's page in the console; the banner of every page ends
 * it. Read-only meanwhile: src/middleware/impersonation.ts refuses every change on every route but these.
 */
export function impersonationRoutes(r: Router): void {
  r.get('/admin/persone/:id/accedi-come', requireOperator, impersonations.show);
  r.post('/admin/persone/:id/accedi-come', requireOperator, impersonations.create);
  r.post(IMPERSONATION_END_PATH, requireImpersonation, impersonations.end);
}
