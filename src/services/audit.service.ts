import type { Trx } from '../db/knex.js';
import { insertAuditEvent } from '../models/admin/audit.js';

export { auditActions, searchAuditEvents, type AuditEvent, type AuditFilter } from '../models/admin/audit.js';

/**
 * The audit trail's one writer: every operator action, and the command line's, records who did what to
 * which subject, why, and the subject before and after, in the transaction of the action itself (the
 * action and its record are kept or lost together). The table refuses any change afterwards.
 */

/**
 * Who acts and why: an operator with the reason they gave, the command line (no operator), or the system
 * (the job runner's own checks: `system` true, no operator).
 */
export interface AuditActor {
  operatorId: string | null;
  reason: string;
  system?: true;
}

/** The server shell's commands (provider:verify, review:hide, review:unhide). */
export const COMMAND_LINE: AuditActor = { operatorId: null, reason: 'riga di comando' };

/** The job runner's own decision (a verification document expired), with why: its actions are all 'sistema'. */
export const systemActor = (reason: string): AuditActor => ({
  operatorId: null,
  reason: `sistema: ${reason}`,
  system: true,
});

export interface AuditedChange {
  /** The operator's action ('organisation.suspend', ...); the command line's are all 'cli', the system's 'sistema'. */
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordAudit(actor: AuditActor, change: AuditedChange, trx: Trx): Promise<void> {
  const action = actor.operatorId !== null ? change.action : actor.system ? 'sistema' : 'cli';
  await insertAuditEvent({ ...change, action, operatorId: actor.operatorId, reason: actor.reason }, trx);
}
