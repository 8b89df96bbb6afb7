import { names } from '../../db/columns.js';
import type { Trx } from '../../db/knex.js';
import type { ImpersonationEnd } from '../../lib/impersonation.js';
import { IMPERSONATION_COLUMNS, toImpersonation, type ImpersonationRecord, type ImpersonationRow } from './row.js';

const RETURNING = names(IMPERSONATION_COLUMNS);

/** A new impersonation, ending `minutes` from now (the database's clock). */
export async function insertImpersonation(
  start: { operatorId: string; personId: string; organisationId: string; reason: string; minutes: number },
  trx: Trx,
): Promise<ImpersonationRecord> {
  const [row] = await trx('impersonations')
    .insert({
      operator_id: start.operatorId,
      person_id: start.personId,
      organisation_id: start.organisationId,
      reason: start.reason,
      expires_at: trx.raw(`now() + make_interval(mins => ?)`, [start.minutes]),
    })
    .returning<ImpersonationRow[]>(RETURNING);
  return toImpersonation(row!);
}

/**
 * Ends an open impersonation, once: null when it had already ended (another request ended it first). A
 * lapsed one ends at its time limit, whenever it is noticed.
 */
export async function endImpersonationRow(
  id: string,
  how: ImpersonationEnd,
  trx: Trx,
): Promise<ImpersonationRecord | null> {
  const [row] = await trx('impersonations')
    .where({ id })
    .whereNull('ended_at')
    .update({ ended_at: trx.raw('least(now(), expires_at)'), ended_how: how })
    .returning<ImpersonationRow[]>(RETURNING);
  return row ? toImpersonation(row) : null;
}
