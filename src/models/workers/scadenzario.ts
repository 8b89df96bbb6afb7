import { db, type Trx } from '../../db/knex.js';
import type { TrainingRecord } from '../../lib/training-compliance.js';
import { LIVE_BOOKING_STATUSES } from '../../lib/booking-status.js';
import type { TrainingKind } from '../../lib/training-kinds.js';
import type { TrainingRow } from './trainings.js';

// What the scadenzario reads besides the register itself (register.ts): every training the workers
// hold, the company facts the rules need, and the reminders already sent.

/** Clients with at least one active worker (the reminder task walks them one by one). */
export async function clientsWithWorkers(trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('workers').distinct<{ client_id: string }[]>('client_id').whereNull('archived_at');
  return rows.map((r) => r.client_id).sort();
}

export interface HeldTraining extends TrainingRecord {
  workerId: string;
  kind: TrainingKind;
}

type HeldRow = Pick<
  TrainingRow,
  'id' | 'worker_id' | 'training_kind' | 'training_scope' | 'completed_on' | 'hours' | 'delivery_mode' | 'source'
>;

/** Every training the workers hold, each kind's oldest first: the rules judge them all, not just the last. */
export async function trainingsOf(workerIds: readonly string[], trx?: Trx): Promise<HeldTraining[]> {
  if (workerIds.length === 0) return [];
  const rows = await db(trx)('worker_trainings')
    .select<HeldRow[]>(
      'id',
      'worker_id',
      'training_kind',
      'training_scope',
      'completed_on',
      'hours',
      'delivery_mode',
      'source',
    )
    .whereIn('worker_id', workerIds)
    .orderBy([
      { column: 'worker_id' },
      { column: 'training_kind' },
      { column: 'completed_on' },
      { column: 'created_at' },
    ]);
  return rows.map((r) => ({
    id: r.id,
    workerId: r.worker_id,
    kind: r.training_kind,
    scope: r.training_scope,
    completedOn: r.completed_on,
    hours: Number(r.hours),
    mode: r.delivery_mode,
    source: r.source,
  }));
}

/** A course of a training kind booked for a worker and still under way: the scadenzario's "Prenotato per il …". */
export interface BookedTraining {
  workerId: string;
  kind: TrainingKind;
  bookingId: string;
  /** 'YYYY-MM-DD': the booking's (first) day. */
  on: string;
}

/**
 * The courses booked for the workers (as participants linked to the register) that are still under way,
 * soonest first: once the course ends, its attestato (a worker training) takes over.
 */
export async function bookedTrainingsOf(
  clientId: string,
  workerIds: readonly string[],
  trx?: Trx,
): Promise<BookedTraining[]> {
  if (workerIds.length === 0) return [];
  const rows = await db(trx)('booking_participants as bp')
    .join('bookings as b', 'b.id', 'bp.booking_id')
    .join('services as s', 's.id', 'b.service_id')
    .distinct<{ worker_id: string; training_kind: TrainingKind; booking_id: string; requested_date: string }[]>(
      'bp.worker_id',
      's.training_kind',
      'b.id as booking_id',
      'b.requested_date',
    )
    .where('b.client_id', clientId)
    .whereIn('bp.worker_id', workerIds)
    .whereIn('b.status', LIVE_BOOKING_STATUSES)
    .whereNotNull('s.training_kind')
    .orderBy([{ column: 'b.requested_date' }, { column: 'b.id' }]);
  return rows.map((r) => ({
    workerId: r.worker_id,
    kind: r.training_kind,
    bookingId: r.booking_id,
    on: r.requested_date,
  }));
}

export interface CompanyFacts {
  clientId: string;
  companyName: string | null;
  /** client_profiles.employees_count; null when the company has not stated it (never assumed). */
  employeesCount: number | null;
  /** client_profiles.rls_collective_hours: the collective agreement's yearly RLS update, under 15 workers. */
  rlsCollectiveHours: number | null;
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
          rls_collective_hours: string | null;
          city: string | null;
          contact_email: string | null;
          email: string;
        }
      | undefined
    >(
      'u.id',
      'cp.company_name',
      'cp.employees_count',
      'cp.rls_collective_hours',
      'cp.address_city as city',
      'cp.contact_email',
      'u.email',
    )
    .where('u.id', clientId);
  if (!row) return null;
  return {
    clientId: row.id,
    companyName: row.company_name,
    employeesCount: row.employees_count,
    rlsCollectiveHours: row.rls_collective_hours === null ? null : Number(row.rls_collective_hours),
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
