import type { Router } from 'express';
import * as adminDisputes from '../controllers/admin-disputes.controller.js';
import * as disputes from '../controllers/disputes.controller.js';
import { ATTACHMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { requireGrant, requireUser } from '../middleware/auth.js';
import { requireOperator } from '../middleware/operator.js';
import { singleFileUpload } from '../middleware/upload.js';

/**
 * "Segnala un problema" on a booking: both parties (the members the permissions table grants disputes) open
 * one, read it and write in it; another organisation's booking answers 404 as an unknown one.
 */
export function disputeRoutes(r: Router): void {
  const party = [
    requireUser('errors:accessRequired.bookings'),
    requireGrant('disputes.manage', 'provider.disputes.manage'),
  ];
  r.get('/bookings/:id/controversia', party, disputes.show);
  r.post('/bookings/:id/controversia', party, disputes.open);
  r.post(
    '/bookings/:id/controversia/messaggi',
    party,
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    disputes.message,
  );
  r.get('/bookings/:id/controversia/allegati/:messageId', party, disputes.file);
}

/** The console's disputes: the queue, one dispute, an operator's message and the decision. */
export function adminDisputeRoutes(r: Router): void {
  r.get('/admin/controversie', requireOperator, adminDisputes.queue);
  r.get('/admin/controversie/:id', requireOperator, adminDisputes.show);
  r.post(
    '/admin/controversie/:id/messaggi',
    requireOperator,
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    adminDisputes.message,
  );
  r.post('/admin/controversie/:id/decisione', requireOperator, adminDisputes.decide);
  r.get('/admin/controversie/:id/allegati/:messageId', requireOperator, adminDisputes.file);
}
