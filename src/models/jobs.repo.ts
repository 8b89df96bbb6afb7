import { db, type Trx } from '../db/knex.js';

export interface Job {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** When set, the job is retried until this moment, however many attempts that takes. */
  retryUntil: Date | null;
}

interface JobRow {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  retry_until: Date | null;
}

const toJob = (row: JobRow): Job => ({
  id: row.id,
  type: row.type,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  retryUntil: row.retry_until,
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
  const [row] = await db(trx)('jobs')
    .insert({
      type,
      payload: JSON.stringify(payload),
      run_at: options.runAt ?? db(trx).fn.now(),
      max_attempts: options.maxAttempts ?? 10,
      retry_until:
        options.retryForSeconds === undefined
          ? null
          : db(trx).raw('now() + make_interval(secs => ?)', [options.retryForSeconds]),
    })
    .returning<{ id: number }[]>('id');
  return row!.id;
}

/**
 * Claims up to `limit` due jobs for `lockSeconds`; other workers skip them (SKIP LOCKED) and a crashed
 * worker's jobs become due again when the lock expires.
 */
export async function claimDue(limit: number, lockSeconds: number): Promise<Job[]> {
  const result = await db().raw<{ rows: JobRow[] }>(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => ?), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM jobs
       WHERE completed_at IS NULL AND failed_at IS NULL AND run_at <= now()
         AND (locked_until IS NULL OR locked_until < now())
       ORDER BY run_at, id
       LIMIT ?
       FOR UPDATE SKIP LOCKED)
     RETURNING id, type, payload, attempts, max_attempts, retry_until`,
    [lockSeconds, limit],
  );
  return result.rows.map(toJob);
}

export async function markCompleted(id: number): Promise<void> {
  await db()('jobs').where({ id }).update({ completed_at: db().fn.now(), locked_until: null, last_error: null });
}

/** A failed attempt: retried at `retryAt`, or given up when there is none. */
export async function markFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
  await db()('jobs')
    .where({ id })
    .update(
      retryAt
        ? { run_at: retryAt, locked_until: null, last_error: error }
        : { failed_at: db().fn.now(), locked_until: null, last_error: error },
    );
}
