import { columnsOf, names, pick } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { RUNNER_LOCK_SPACE } from './runner-locks.js';

// The jobs table: the queue of background work (emails, password resets), run by src/jobs.

export interface Job {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** When set, the job is retried until this moment, however many attempts that takes. */
  retryUntil: Date | null;
  createdAt: Date;
}

interface JobRow {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: Date;
  attempts: number;
  max_attempts: number;
  retry_until: Date | null;
  last_error: string | null;
  /** The job runner holding a running job (src/jobs/presence.ts); null in every other state. */
  worker_id: number | null;
  completed_at: Date | null;
  failed_at: Date | null;
  created_at: Date;
}

export const JOB_COLUMNS = columnsOf<JobRow>({
  id: 'number',
  type: 'text',
  payload: 'json',
  state: 'text',
  run_at: 'timestamp',
  attempts: 'number',
  max_attempts: 'number',
  retry_until: 'timestamp',
  last_error: 'text',
  worker_id: 'number',
  completed_at: 'timestamp',
  failed_at: 'timestamp',
  created_at: 'timestamp',
});

/** What a runner needs of a job it claims. */
const CLAIMED_KEYS = ['id', 'type', 'payload', 'attempts', 'max_attempts', 'retry_until', 'created_at'] as const;
type ClaimedRow = Pick<JobRow, (typeof CLAIMED_KEYS)[number]>;

const toJob = (row: ClaimedRow): Job => ({
  id: row.id,
  type: row.type,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  retryUntil: row.retry_until,
  createdAt: row.created_at,
});

/**
 * Queues work; pass the business transaction so the job exists only if the change is committed.
 * `retryForSeconds` retries a failing job for that long after queueing, instead of `maxAttempts` times.
 */
export async function enqueue(
  type: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; maxAttempts?: number; retryForSeconds?: number } = {},
  trx?: Trx,
): Promise<number> {
  const [id] = await enqueueMany(type, [payload], options, trx);
  return id!;
}

/** Several jobs of one type and options in one statement; their ids in the payloads' order. */
export async function enqueueMany(
  type: string,
  payloads: Record<string, unknown>[],
  options: { runAt?: Date; maxAttempts?: number; retryForSeconds?: number } = {},
  trx?: Trx,
): Promise<number[]> {
  if (payloads.length === 0) return [];
  const rows = await db(trx)('jobs')
    .insert(
      payloads.map((payload) => ({
        type,
        payload: JSON.stringify(payload),
        run_at: options.runAt ?? db(trx).fn.now(),
        max_attempts: options.maxAttempts ?? 10,
        retry_until:
          options.retryForSeconds === undefined
            ? null
            : db(trx).raw('now() + make_interval(secs => ?)', [options.retryForSeconds]),
      })),
    )
    .returning<Pick<JobRow, 'id'>[]>('id');
  return rows.map((r) => r.id);
}

/** Jobs of one type and options queued with other writes, due now (the emails of an event: notifications/notices.ts). */
export interface NewJobs {
  type: string;
  payloads: Record<string, unknown>[];
  maxAttempts?: number;
  /** Retried for this long after queueing, however many attempts that takes. */
  retryForSeconds?: number;
}

const RETURNING = names(pick(JOB_COLUMNS, CLAIMED_KEYS)).join(', ');

/**
 * Claims the oldest due job for one job runner: it becomes `running` with the runner's id (the column
 * worker_id), and no other runner ever claims a running job (only jobs/presence recovery queues it again,
 * once its runner is provably gone). SKIP LOCKED lets concurrent claims take different jobs instead of
 * waiting.
 */
export async function claimNext(runnerId: number, options: { whileLockHeld: boolean }): Promise<Job | null> {
  // On a PostgreSQL server the claim also proves, in the same statement, that the runner's presence
  // lock is still held: a runner whose lock session has just ended (and whose jobs others may already
  // be queueing again) cannot claim, even before it has noticed.
  const lockHeld = options.whileLockHeld
    ? `AND EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
         AND classid = ?::int::oid AND objid = ?::int::oid AND objsubid = 2)`
    : '';
  const result = await db().raw<{ rows: ClaimedRow[] }>(
    `UPDATE jobs SET state = 'running', worker_id = ?, attempts = attempts + 1
     WHERE id = (
       SELECT id FROM jobs WHERE state = 'queued' AND run_at <= now()
       ORDER BY run_at, id LIMIT 1
       FOR UPDATE SKIP LOCKED)
     ${lockHeld}
     RETURNING ${RETURNING}`,
    options.whileLockHeld ? [runnerId, RUNNER_LOCK_SPACE, runnerId] : [runnerId],
  );
  const row = result.rows[0];
  return row ? toJob(row) : null;
}

/**
 * Marks a job done, only while `runnerId` holds it; false when it does not (already finished in the
 * handler's own transaction, or taken away because its runner was found gone). Pass the transaction of
 * the job's own database work to make that work and the job's completion one.
 */
export async function finish(id: number, runnerId: number, trx?: Trx): Promise<boolean> {
  const changed = await db(trx)('jobs')
    .where({ id, state: 'running', worker_id: runnerId })
    .update({ state: 'done', worker_id: null, completed_at: db(trx).fn.now(), last_error: null });
  return changed === 1;
}

/** A failed attempt of the runner that holds the job: queued again for `retryAt`, or given up when there is none. */
export async function release(id: number, runnerId: number, error: string, retryAt: Date | null): Promise<boolean> {
  const changed = await db()('jobs')
    .where({ id, state: 'running', worker_id: runnerId })
    .update(
      retryAt
        ? { state: 'queued', worker_id: null, run_at: retryAt, last_error: error }
        : { state: 'failed', worker_id: null, failed_at: db().fn.now(), last_error: error },
    );
  return changed === 1;
}

/** The job runners, other than `exceptRunnerId`, that hold running jobs. */
export async function runnersHoldingJobs(exceptRunnerId: number): Promise<number[]> {
  const rows = await db()('jobs')
    .distinct('worker_id')
    .where('state', 'running')
    .whereNot('worker_id', exceptRunnerId)
    .orderBy('worker_id');
  return rows.map((r: Pick<JobRow, 'worker_id'>) => r.worker_id!);
}

/** Queues again, due at once, the running jobs of a runner that is gone; returns how many. */
export async function requeueRunning(runnerId: number): Promise<number> {
  return db()('jobs').where({ state: 'running', worker_id: runnerId }).update({ state: 'queued', worker_id: null });
}

/** A fresh job runner id, never given before (a sequence, so ids survive restarts and truncations). */
export async function nextRunnerId(): Promise<number> {
  const { rows } = await db().raw<{ rows: { id: number }[] }>(`SELECT nextval('job_worker_ids')::int AS id`);
  return rows[0]!.id;
}

/** Empties a job's payload (an email to an erased account: the address is not kept once sent). */
export async function forgetPayload(id: number, trx: Trx): Promise<void> {
  await db(trx)('jobs')
    .where({ id })
    .update({ payload: JSON.stringify({}) });
}
