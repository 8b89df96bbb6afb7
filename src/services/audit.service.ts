import type { Trx } from '../db/knex.js';
import { insertAuditEvent } from '../models/admin/audit.js';

export { auditActions, searchAuditEvents, type AuditEvent, type AuditFilter } from '../models/admin/audit.js';

/**
 * The audit trail's one writer: every operator action, and the command line's, records who did what to
 * which subject, why, and the subject before and after, in the transaction of the action itself (the
 * action and its record are kept or lost together). The table refuses any change afterwards.
 */

/** Who acts and why: an operator with the reason they gave, or the command line (no operator). */
export interface AuditActor {
  operatorId: string | null;
  reason: string;
}

/** The server shell's commands (provider:verify, review:hide, review:unhide). */
export const COMMAND_LINE: AuditActor = { operatorId: null, reason: 'riga di comando' };

export interface AuditedChange {
  /** The operator's action ('organisation.suspend', ...); the command line's are all 'cli'. */
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordAudit(actor: AuditActor, change: AuditedChange, trx: Trx): Promise<void> {
  await insertAuditEvent({ ...change, action: actor.operatorId === null ? 'cli' : change.action, ...actor }, trx);
}
