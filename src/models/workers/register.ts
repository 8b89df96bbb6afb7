import { columnsOf, names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { RiskClass, TrainingKind, WorkerRole } from '../../lib/training-kinds.js';
import { isUuid } from '../../lib/uuid.js';
import { siteWithinReach, wholeOrganisation, type Reach } from '../sites/reach.js';

// The workers table: the client's register of its employees (their trainings: trainings.ts).

/** A worker of a client's register. Archived workers stay: their attestati must. */
export interface Worker {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
  fiscalCode: string;
  role: WorkerRole;
  assignments: TrainingKind[];
  /** The worker's site (sites), and its name. */
  siteId: string | null;
  site: string | null;
  riskClass: RiskClass;
  /** 'YYYY-MM-DD' */
  hiredOn: string | null;
  email: string | null;
  archivedAt: Date | null;
}

/** What a form or an import row writes. */
export type WorkerFields = Omit<Worker, 'id' | 'clientId' | 'archivedAt' | 'site'>;

interface WorkerRow {
  id: string;
  client_id: string;
  first_name: string;
  last_name: string;
  fiscal_code: string;
  role: WorkerRole;
  assignments: TrainingKind[];
  site_id: string | null;
  risk_class: RiskClass;
  hired_on: string | null;
  email: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const WORKER_COLUMNS = columnsOf<WorkerRow>({
  id: 'text',
  client_id: 'text',
  first_name: 'text',
  last_name: 'text',
  fiscal_code: 'text',
  role: 'text',
  assignments: 'array',
  site_id: 'text',
  risk_class: 'text',
  hired_on: 'date',
  email: 'text',
  archived_at: 'timestamp',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

const COLUMNS = [...names(WORKER_COLUMNS, 'w'), 'st.name as site_name'];

const toWorker = (r: WorkerRow & { site_name: string | null }): Worker => ({
  id: r.id,
  clientId: r.client_id,
  firstName: r.first_name,
  lastName: r.last_name,
  fiscalCode: r.fiscal_code,
  role: r.role,
  assignments: r.assignments,
  siteId: r.site_id,
  site: r.site_name,
  riskClass: r.risk_class,
  hiredOn: r.hired_on,
  email: r.email,
  archivedAt: r.archived_at,
});

const toRow = (f: WorkerFields) => ({
  first_name: f.firstName,
  last_name: f.lastName,
  fiscal_code: f.fiscalCode,
  role: f.role,
  assignments: f.assignments,
  site_id: f.siteId,
  risk_class: f.riskClass,
  hired_on: f.hiredOn,
  email: f.email,
});

export interface WorkerFilter {
  /** A site's name. */
  site?: string | null;
  /** Words of the name: every word must match the first or the last name. */
  query?: string | null;
  includeArchived?: boolean;
}

/**
 * The workers the reach covers (`w`, with their site `st`): the organisation's register, or for a site
 * referent the workers of their sites. The one place the register is narrowed: every read below uses it.
 */
function reachedWorkers(reach: Reach, trx?: Trx) {
  const q = db(trx)({ w: 'workers' })
    .leftJoin({ st: 'sites' }, 'st.id', 'w.site_id')
    .where('w.client_id', reach.organisationId);
  return siteWithinReach(q, reach, 'w.site_id', trx);
}

/** The register as the reach covers it, by surname and name. */
export async function listWorkers(reach: Reach, filter: WorkerFilter = {}, trx?: Trx): Promise<Worker[]> {
  const q = reachedWorkers(reach, trx);
  if (!filter.includeArchived) q.whereNull('w.archived_at');
  if (filter.site) q.where('st.name', filter.site);
  for (const word of (filter.query ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) => w.whereILike('w.first_name', like).orWhereILike('w.last_name', like));
  }
  const rows = await q.orderBy(['w.last_name', 'w.first_name', 'w.id']).select(COLUMNS);
  return (rows as (WorkerRow & { site_name: string | null })[]).map(toWorker);
}

/** One worker the reach covers; another organisation's, another site's (or an unknown id) is null. */
export async function findWorker(reach: Reach, id: string, trx?: Trx): Promise<Worker | null> {
  if (!isUuid(id)) return null;
  const row = (await reachedWorkers(reach, trx).where('w.id', id).first(COLUMNS)) as
    (WorkerRow & { site_name: string | null }) | undefined;
  return row ? toWorker(row) : null;
}

/** The active workers the reach covers among these ids (others' and archived ones are left out). */
export async function findActiveWorkers(reach: Reach, ids: readonly string[], trx?: Trx): Promise<Worker[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await reachedWorkers(reach, trx).whereIn('w.id', valid).whereNull('w.archived_at').select(COLUMNS);
  return (rows as (WorkerRow & { site_name: string | null })[]).map(toWorker);
}

/** The active worker holding this codice fiscale in the register, if any (other than `exceptId`). */
export async function findActiveByFiscalCode(clientId: string, fiscalCode: string, trx?: Trx): Promise<Worker | null> {
  const row = (await reachedWorkers(wholeOrganisation(clientId), trx)
    .where('w.fiscal_code', fiscalCode)
    .whereNull('w.archived_at')
    .first(COLUMNS)) as (WorkerRow & { site_name: string | null }) | undefined;
  return row ? toWorker(row) : null;
}

/** The codici fiscali of the register's active workers (the import refuses them). */
export async function activeFiscalCodes(clientId: string, trx?: Trx): Promise<Set<string>> {
  const rows = await db(trx)('workers')
    .where({ client_id: clientId })
    .whereNull('archived_at')
    .select<Pick<WorkerRow, 'fiscal_code'>[]>('fiscal_code');
  return new Set(rows.map((r) => r.fiscal_code));
}

export async function insertWorker(clientId: string, fields: WorkerFields, trx?: Trx): Promise<Worker> {
  const [row] = await db(trx)('workers')
    .insert({ client_id: clientId, ...toRow(fields) })
    .returning<{ id: string }[]>('id');
  return (await findWorker(wholeOrganisation(clientId), row!.id, trx))!;
}

export async function insertWorkers(clientId: string, list: readonly WorkerFields[], trx: Trx): Promise<number> {
  if (list.length === 0) return 0;
  await trx('workers').insert(list.map((f) => ({ client_id: clientId, ...toRow(f) })));
  return list.length;
}

/** Saves the form on an active worker of the client; false when there is none. */
export async function updateWorker(clientId: string, id: string, fields: WorkerFields, trx?: Trx): Promise<boolean> {
  if (!isUuid(id)) return false;
  const n = await db(trx)('workers')
    .where({ id, client_id: clientId })
    .whereNull('archived_at')
    .update({ ...toRow(fields), updated_at: db(trx).fn.now() });
  return n > 0;
}

/** Archives an active worker of the client (never deleted); false when there is none. */
export async function archiveWorker(clientId: string, id: string, trx?: Trx): Promise<boolean> {
  if (!isUuid(id)) return false;
  const n = await db(trx)('workers')
    .where({ id, client_id: clientId })
    .whereNull('archived_at')
    .update({ archived_at: db(trx).fn.now(), updated_at: db(trx).fn.now() });
  return n > 0;
}

const FISCAL_CODE_INDEX = 'workers_client_fiscal_code_idx';

/** True when `err` is PostgreSQL refusing a second active worker with one codice fiscale in a register. */
export function isDuplicateFiscalCode(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === FISCAL_CODE_INDEX;
}

/** The risk class most of the client's active workers have (the company's sector), or null for an empty register. */
export async function prevailingRiskClass(clientId: string, trx?: Trx): Promise<RiskClass | null> {
  const row = await db(trx)('workers')
    .where({ client_id: clientId })
    .whereNull('archived_at')
    .groupBy('risk_class')
    .orderByRaw('count(*) DESC, risk_class')
    .first<Pick<WorkerRow, 'risk_class'> | undefined>('risk_class');
  return row?.risk_class ?? null;
}

/** The client's worker with this codice fiscale, not archived; null when the register has none. */
export async function findWorkerId(clientId: string, fiscalCode: string, trx: Trx): Promise<string | null> {
  const row = await trx('workers')
    .where({ client_id: clientId, fiscal_code: fiscalCode })
    .whereNull('archived_at')
    .first<Pick<WorkerRow, 'id'> | undefined>('id');
  return row?.id ?? null;
}

/** Whether a worker id is one of this client's (a participant's link to the register is trusted only then). */
export async function isWorkerOf(clientId: string, workerId: string, trx: Trx): Promise<boolean> {
  const row = await trx('workers')
    .where({ id: workerId, client_id: clientId })
    .first<Pick<WorkerRow, 'id'> | undefined>('id');
  return Boolean(row);
}
