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

/** A support access as the person it was about lists it: the organisation they were seen in, by name. */
export interface SupportAccessLine extends ImpersonationRecord {
  organisationName: string | null;
  /** Not ended, its time not up (the database's clock). */
  open: boolean;
}

/** The impersonations of a person, newest first, at most `limit`; never the operator's name or address. */
export async function listForPerson(personId: string, limit: number, trx?: Trx): Promise<SupportAccessLine[]> {
  const k = db(trx);
  const rows = await k('impersonations as i')
    .leftJoin('client_profiles as cp', 'cp.user_id', 'i.organisation_id')
    .leftJoin('provider_profiles as pp', 'pp.user_id', 'i.organisation_id')
    .where('i.person_id', personId)
    .orderBy([
      { column: 'i.started_at', order: 'desc' },
      { column: 'i.id', order: 'desc' },
    ])
    .limit(limit)
    .select<(ImpersonationRow & { organisation_name: string | null; open: boolean })[]>(
      ...IMPERSONATION_SELECT,
      k.raw('coalesce(cp.company_name, pp.business_name) AS organisation_name'),
      k.raw('(i.ended_at IS NULL AND i.expires_at > now()) AS open'),
    );
  return rows.map((r) => ({ ...toImpersonation(r), organisationName: r.organisation_name, open: Boolean(r.open) }));
}
