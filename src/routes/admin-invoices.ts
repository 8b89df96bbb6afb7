import type { Router } from 'express';
import * as invoices from '../controllers/admin-invoices.controller.js';
import { requireOperator } from '../middleware/operator.js';

/** The console's commission invoices: a month's list, each file, the month's ZIP, and issuing a closed month. */
export function invoiceAdminRoutes(r: Router): void {
  r.get('/admin/fatture', requireOperator, invoices.index);
  r.get('/admin/fatture/archivio', requireOperator, invoices.archive);
  r.get('/admin/fatture/:id/xml', requireOperator, invoices.download('xml'));
  r.get('/admin/fatture/:id/pdf', requireOperator, invoices.download('pdf'));
  r.post('/admin/fatture/emissione', requireOperator, invoices.issue);
}
