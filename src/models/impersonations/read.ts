import { db, type Trx } from '../../db/knex.js';
import { IMPERSONATION_SELECT, toImpersonation, type ImpersonationRecord, type ImpersonationRow } from './row.js';

/** An open impersonation of this operator, with the person's name and whether its time is up (the database's clock). */
export interface OpenImpersonation extends ImpersonationRecord {
  personName: string;
  lapsed: boolean;
}

/** The operator's impersonation `id` while it is open (not ended); null otherwise, or for another operator's. */
export async function findOpenImpersonation(
  id: string,
  operatorId: string,
  trx?: Trx,
): Promise<OpenImpersonation | null> {
  const k = db(trx);
  const row = await k('impersonations as i')
    .join('users as p', 'p.id', 'i.person_id')
    .where({ 'i.id': id, 'i.operator_id': operatorId })
    .whereNull('i.ended_at')
    .first<(ImpersonationRow & { person_name: string; lapsed: boolean }) | undefined>(
      ...IMPERSONATION_SELECT,
      k.raw(`coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email) AS person_name`),
      k.raw('(i.expires_at <= now()) AS lapsed'),
    );
  return row ? { ...toImpersonation(row), personName: row.person_name, lapsed: Boolean(row.lapsed) } : null;
}

/** Open impersonations whose time is up, the oldest first (each is ended once: write.ts endImpersonationRow). */
export async function lapsedImpersonations(limit: number, trx?: Trx): Promise<ImpersonationRecord[]> {
  const rows = await db(trx)('impersonations as i')
    .whereNull('i.ended_at')
    .andWhereRaw('i.expires_at <= now()')
    .orderBy('i.expires_at')
    .limit(limit)
    .select<ImpersonationRow[]>(...IMPERSONATION_SELECT);
  return rows.map(toImpersonation);
}
