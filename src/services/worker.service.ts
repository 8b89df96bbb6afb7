import { logger, errorFields } from '../config/logger.js';
import * as jobs from '../models/jobs.repo.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
export type PeriodicTask = () => Promise<void>;

const handlers = new Map<string, JobHandler>();
const periodicTasks = new Map<string, { everyMs: number; run: PeriodicTask; lastRun: number }>();

const BATCH = 10;
const LOCK_SECONDS = 120;
const POLL_MS = 2000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Registers what a job type does. Handlers throw to ask for a retry. */
export function registerJobHandler(type: string, handler: JobHandler): void {
  handlers.set(type, handler);
}

/** Registers work the worker repeats (e.g. expiring unanswered requests). */
export function registerPeriodicTask(name: string, everyMs: number, run: PeriodicTask): void {
  periodicTasks.set(name, { everyMs, run, lastRun: 0 });
}

/** Retry after 30 s, 1 min, 2 min... capped at one hour. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/**
 * When a failed job runs again, or null to give up. A job with a retry window is retried until the
 * window closes, the last time at its very end, whatever the number of attempts; others stop after
 * max_attempts.
 */
export function nextAttempt(job: Pick<jobs.Job, 'attempts' | 'maxAttempts' | 'retryUntil'>, now: number): Date | null {
  const next = now + backoffMs(job.attempts);
  if (job.retryUntil) {
    const until = job.retryUntil.getTime();
    return now < until ? new Date(Math.min(next, until)) : null;
  }
  return job.attempts < job.maxAttempts ? new Date(next) : null;
}

/** Runs every due job once; returns how many were processed. Tests call it to drain the queue. */
export async function runDueJobs(now: () => number = Date.now): Promise<number> {
  let processed = 0;
  for (;;) {
    const batch = await jobs.claimDue(BATCH, LOCK_SECONDS);
    if (!batch.length) return processed;
    for (const job of batch) {
      processed += 1;
      const handler = handlers.get(job.type);
      try {
        if (!handler) throw new Error(`No handler for job type ${job.type}`);
        await handler(job.payload);
        await jobs.markCompleted(job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAt = nextAttempt(job, now());
        logger.warn('job failed', { jobId: job.id, type: job.type, attempt: job.attempts, retryAt, error: message });
        await jobs.markFailed(job.id, message, retryAt);
      }
    }
  }
}

/** Runs the periodic tasks that are due. */
export async function runPeriodicTasks(now: number = Date.now()): Promise<void> {
  for (const [name, task] of periodicTasks) {
    if (now - task.lastRun < task.everyMs) continue;
    task.lastRun = now;
    try {
      await task.run();
    } catch (err) {
      logger.error('periodic task failed', { task: name, ...errorFields(err) });
    }
  }
}

export interface WorkerHandle {
  stop(): Promise<void>;
}

/** Polls the queue until stopped; several workers in several processes may run side by side. */
export function startWorker(pollMs = POLL_MS): WorkerHandle {
  let running = true;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    current = (async () => {
      try {
        await runDueJobs();
        await runPeriodicTasks();
      } catch (err) {
        logger.error('worker tick failed', errorFields(err));
      }
    })();
    void current.then(() => {
      if (running) timer = setTimeout(tick, pollMs);
    });
  };
  tick();
  return {
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
