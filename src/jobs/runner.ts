import { logger, errorFields } from '../config/logger.js';
import type { Trx } from '../db/knex.js';
import * as jobs from '../models/jobs/queue.js';
import { joinRunners, recoverJobsOfGoneRunners, type RunnerPresence } from './presence.js';

/** The job a handler runs, held by this runner until the handler returns. */
export interface RunningJob {
  id: number;
  createdAt: Date;
  /**
   * Marks the job done inside the handler's transaction, so that its database work and its completion
   * commit together (run once, even across a crash). Throws, rolling that transaction back, when this
   * runner no longer holds the job.
   */
  complete(trx: Trx): Promise<void>;
}

export type JobHandler = (payload: Record<string, unknown>, job: RunningJob) => Promise<void>;
export type PeriodicTask = () => Promise<void>;

const handlers = new Map<string, JobHandler>();
const periodicTasks = new Map<string, { everyMs: number; run: PeriodicTask; lastRun: number }>();

const POLL_MS = 2000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Registers what a job type does. Handlers throw to ask for a retry. */
export function registerJobHandler(type: string, handler: JobHandler): void {
  handlers.set(type, handler);
}

/** Registers work the job runner repeats (e.g. expiring unanswered requests). */
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

/** Runs one claimed job to its end: done, or back in the queue for its retry, or given up. */
async function runJob(job: jobs.Job, me: RunnerPresence, now: () => number): Promise<void> {
  const handler = handlers.get(job.type);
  const running: RunningJob = {
    id: job.id,
    createdAt: job.createdAt,
    async complete(trx) {
      if (!(await jobs.finish(job.id, me.id, trx)))
        throw new Error(`job ${job.id} is no longer held by job runner ${me.id}`);
    },
  };
  let handled = false;
  try {
    if (!handler) throw new Error(`No handler for job type ${job.type}`);
    await handler(job.payload, running);
    handled = true;
    await jobs.finish(job.id, me.id);
  } catch (err) {
    // The work is done (an email is sent) but its completion could not be written: written again, never
    // released for a retry that would do the work twice.
    if (handled) return finishAfterDone(job, me, err);
    const message = err instanceof Error ? err.message : String(err);
    const retryAt = nextAttempt(job, now());
    logger.warn('job failed', { jobId: job.id, type: job.type, attempt: job.attempts, retryAt, error: message });
    await jobs.release(job.id, me.id, message, retryAt);
  }
}

/**
 * The waits between attempts to write a done job's completion, about 20 s in all. Past them the job stays
 * running, held by this runner, and is never retried while the runner lives: only if the runner is also
 * found gone (jobs/presence.ts) is it queued again, and its email may then be sent a second time, with the
 * same Message-ID. That is the one window left, stated in docs/operations.md.
 */
export const COMPLETION_RETRY_MS = [100, 400, 1500, 4000, 14_000];

async function finishAfterDone(job: jobs.Job, me: RunnerPresence, first: unknown): Promise<void> {
  let last = first;
  for (const wait of COMPLETION_RETRY_MS) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await jobs.finish(job.id, me.id);
      logger.warn('job done; its completion was written on a later attempt', { jobId: job.id, type: job.type });
      return;
    } catch (err) {
      last = err;
    }
  }
  const message = last instanceof Error ? last.message : String(last);
  logger.error('job done but its completion could not be written', { jobId: job.id, type: job.type, error: message });
}

let shared: RunnerPresence | null = null;

/** The runner of callers that bring none (tests draining the queue), joined again if it was lost. */
async function sharedPresence(): Promise<RunnerPresence> {
  if (!shared?.alive()) {
    await shared?.leave();
    shared = await joinRunners();
  }
  return shared;
}

/**
 * Runs every due job, claiming and finishing one at a time (see jobs/presence.ts for why no job runs
 * twice), after queueing again the jobs of runners that are gone; returns how many ran. Tests call it to
 * drain the queue.
 */
export async function runDueJobs(now: () => number = Date.now, runner?: RunnerPresence): Promise<number> {
  const me = runner ?? (await sharedPresence());
  await recoverJobsOfGoneRunners(me);
  let processed = 0;
  while (me.alive()) {
    const job = await jobs.claimNext(me.id, { whileLockHeld: me.lockBacked });
    if (!job) break;
    processed += 1;
    await runJob(job, me, now);
  }
  return processed;
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

export interface JobRunnerHandle {
  stop(): Promise<void>;
}

/**
 * Polls the queue until stopped; several runners in one or several processes may run side by side.
 * A runner that loses its presence (its lock connection) joins again under a new id.
 */
export function startJobRunner(pollMs = POLL_MS): JobRunnerHandle {
  let running = true;
  let me: RunnerPresence | null = null;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    current = (async () => {
      try {
        if (!me?.alive()) {
          await me?.leave();
          me = await joinRunners();
        }
        await runDueJobs(Date.now, me);
        await runPeriodicTasks();
      } catch (err) {
        logger.error('job runner tick failed', errorFields(err));
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
      await me?.leave();
    },
  };
}
