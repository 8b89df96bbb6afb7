import type { Router } from 'express';
import * as accounts from '../controllers/admin-accounts.controller.js';
import * as admin from '../controllers/admin.controller.js';
import { requireOperator } from '../middleware/operator.js';
import { reportQueueRoutes } from './admin-reports.js';
import { invoiceAdminRoutes } from './admin-invoices.js';
import { verificationRoutes } from './verification.js';
import { adminDisputeRoutes } from './disputes.js';
import { impersonationRoutes } from './admin-impersonation.js';

/** The operator's console: 404 to everyone but an operator signed in with two-factor sign-in. */
export function adminRoutes(r: Router): void {
  r.get('/admin', requireOperator, admin.home);
  r.get('/admin/audit', requireOperator, admin.audit);
  r.get('/admin/audit.csv', requireOperator, admin.auditCsv);
  for (const [path, kind] of [
    ['/admin/organizzazioni', 'organisation'],
    ['/admin/persone', 'person'],
  ] as const) {
    r.get(path, requireOperator, accounts.list(kind));
    r.get(`${path}/:id`, requireOperator, accounts.show(kind));
    r.post(`${path}/:id/sospensione`, requireOperator, accounts.suspension(kind, true));
    r.post(`${path}/:id/riattivazione`, requireOperator, accounts.suspension(kind, false));
  }
  reportQueueRoutes(r);
  invoiceAdminRoutes(r);
  verificationRoutes(r);
  adminDisputeRoutes(r);
  impersonationRoutes(r);
}
