import type { Router } from 'express';
import * as adminVerifications from '../controllers/admin-verifications.controller.js';
import * as verification from '../controllers/verification.controller.js';
import { DOCUMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { requirePermission } from '../middleware/auth.js';
import { requireOperator } from '../middleware/operator.js';
import { singleFileUpload } from '../middleware/upload.js';

/**
 * A provider's verification: its administrators' "Verifica" section of the account (documents and the
 * request), and the console's queue where an operator decides (404 to everyone but an operator).
 */
export function verificationRoutes(r: Router): void {
  const providerAdmin = requirePermission(
    'provider.verification.manage',
    'errors:providersOnly.title',
    'verification:providersOnly',
  );
  r.get('/account/verifica', providerAdmin, verification.show);
  r.post(
    '/account/verifica/documenti',
    providerAdmin,
    singleFileUpload('document', DOCUMENT_MAX_BYTES),
    verification.upload,
  );
  r.post('/account/verifica/richiesta', providerAdmin, verification.submit);

  r.get('/admin/verifiche', requireOperator, adminVerifications.list);
  r.get('/admin/verifiche/:id', requireOperator, adminVerifications.show);
  r.get('/admin/verifiche/:id/documenti/:documentId', requireOperator, adminVerifications.document);
  r.post('/admin/verifiche/:id/approvazione', requireOperator, adminVerifications.decide('approve'));
  r.post('/admin/verifiche/:id/rifiuto', requireOperator, adminVerifications.decide('reject'));
}
