import { db, type Trx } from '../../db/knex.js';
import type { TrainingKind } from '../../lib/training-kinds.js';

// What the scadenzario reads besides the register itself (register.ts): the last training of each kind
// the workers hold, the company facts the rules need, and the reminders already sent.

/** Clients with at least one active worker (the reminder task walks them one by one). */
export async function clientsWithWorkers(trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('workers').distinct<{ client_id: string }[]>('client_id').whereNull('archived_at');
  return rows.map((r) => r.client_id).sort();
}

export interface LastTraining {
  workerId: string;
  kind: TrainingKind;
  completedOn: string;
  source: 'attestato' | 'dichiarato';
}

/** For each worker and kind, the training that ended last (initial or update): renewals count from it. */
export async function lastTrainings(workerIds: readonly string[], trx?: Trx): Promise<LastTraining[]> {
  if (workerIds.length === 0) return [];
  const rows = await db(trx)('worker_trainings')
    .distinctOn('worker_id', 'training_kind')
    .select<{ worker_id: string; training_kind: TrainingKind; completed_on: string; source: LastTraining['source'] }[]>(
      'worker_id',
      'training_kind',
      'completed_on',
      'source',
    )
    .whereIn('worker_id', workerIds)
    .orderBy([
      { column: 'worker_id' },
      { column: 'training_kind' },
      { column: 'completed_on', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ]);
  return rows.map((r) => ({
    workerId: r.worker_id,
    kind: r.training_kind,
    completedOn: r.completed_on,
    source: r.source,
  }));
}

export interface CompanyFacts {
  clientId: string;
  companyName: string | null;
  /** client_profiles.employees_count (the SPEC default 1 without a profile). */
  employeesCount: number;
  city: string | null;
  /** The safety contact: the profile's contact email, else the account's email. */
  contactEmail: string;
}

/** The company facts of a client account (null for an unknown id). */
export async function companyFacts(clientId: string, trx?: Trx): Promise<CompanyFacts | null> {
  const row = await db(trx)('users as u')
    .leftJoin('client_profiles as cp', 'cp.user_id', 'u.id')
    .first<
      | {
          id: string;
          company_name: string | null;
          employees_count: number | null;
          city: string | null;
          contact_email: string | null;
          email: string;
        }
      | undefined
    >('u.id', 'cp.company_name', 'cp.employees_count', 'cp.address_city as city', 'cp.contact_email', 'u.email')
    .where('u.id', clientId);
  if (!row) return null;
  return {
    clientId: row.id,
    companyName: row.company_name,
    employeesCount: row.employees_count ?? 1,
    city: row.city,
    contactEmail: row.contact_email?.trim() || row.email,
  };
}

export interface ReminderKey {
  workerId: string;
  clientId: string;
  kind: TrainingKind;
  dueOn: string;
  daysBefore: number;
}

/**
 * Records a reminder unless it is already recorded: true when this call recorded it. Two transactions
 * recording the same one wait on the unique key, and only the first to commit gets true.
 */
export async function recordReminder(key: ReminderKey, trx: Trx): Promise<boolean> {
  const rows = await db(trx)('compliance_reminders')
    .insert({
      worker_id: key.workerId,
      client_id: key.clientId,
      training_kind: key.kind,
      due_on: key.dueOn,
      days_before: key.daysBefore,
    })
    .onConflict(['worker_id', 'training_kind', 'due_on', 'days_before'])
    .ignore()
    .returning('id');
  return rows.length === 1;
}
