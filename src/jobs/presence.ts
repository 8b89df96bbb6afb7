import { config } from '../config/env.js';
import { errorFields, logger } from '../config/logger.js';
import * as jobs from '../models/jobs/queue.js';
import * as runnerLocks from '../models/jobs/runner-locks.js';

/**
 * Who may take a running job back from its job runner, and when.
 *
 * THE GUARANTEE: a job is sent by one runner at a time. A job is claimed alone into `running` with its
 * runner's id; no runner ever claims a running job; only the runner holding it finishes it or queues it
 * again (models/jobs/queue finish/release check the id). The one exception is recovery, and it happens
 * only when the holder is provably gone, never because time has passed: a slow SMTP server, a long pause
 * or a clock jump cannot make two runners send one message.
 *   - On a PostgreSQL server each runner holds a session advisory lock on its id, on a connection of its
 *     own, for its whole life (models/jobs/runner-locks). The server drops the lock only when that
 *     session ends, so a lock another runner can take proves the holder's process died or lost its
 *     database connection. A runner that loses that connection stops claiming at once and joins again
 *     under a new id.
 *   - The embedded database (PGlite) lives inside the one web process that runs the jobs (only one
 *     process may open its data directory) and serves every connection from one session, where advisory
 *     locks prove nothing. A runner id that this process did not hand out belongs to a process that is
 *     no longer running (an earlier start).
 *
 * THE ONE UNAVOIDABLE LIMIT: a message the SMTP server has accepted, by a runner that dies (or loses its
 * lock connection) before it writes `done`, is sent again after recovery: nothing can make the SMTP
 * server's acceptance and the database write one atomic step. The stable Message-ID of each job (see
 * mail.service) lets the receiving servers drop that copy. Work that only writes to the database has
 * no such gap: its handler completes the job in its own transaction (RunningJob.complete).
 */
export interface RunnerPresence {
  readonly id: number;
  /** True on a PostgreSQL server: the runner's claims also check, in the database, that its lock is held. */
  readonly lockBacked: boolean;
  /** False once this runner can no longer prove it is alive: it must claim nothing more. */
  alive(): boolean;
  /** Whether the runner with this id is provably gone, so that its running jobs may be queued again. */
  isGone(runnerId: number): Promise<boolean>;
  leave(): Promise<void>;
}

const inThisProcess = new Set<number>();

function embeddedPresence(id: number): RunnerPresence {
  inThisProcess.add(id);
  return {
    id,
    lockBacked: false,
    alive: () => inThisProcess.has(id),
    isGone: async (runnerId) => !inThisProcess.has(runnerId),
    async leave() {
      inThisProcess.delete(id);
    },
  };
}

async function serverPresence(id: number, connectionString: string): Promise<RunnerPresence> {
  const client = runnerLocks.lockConnection(connectionString, id);
  let alive = false;
  const lost = (err?: unknown): void => {
    if (alive)
      logger.warn('job runner lost its presence connection: it stops claiming jobs', {
        runnerId: id,
        ...errorFields(err),
      });
    alive = false;
  };
  client.on('error', lost);
  client.on('end', () => lost());
  await client.connect();
  try {
    await runnerLocks.hold(client, id);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  alive = true;
  return {
    id,
    lockBacked: true,
    alive: () => alive,
    isGone: (runnerId) => runnerLocks.isReleased(client, runnerId),
    async leave() {
      alive = false;
      await client.end().catch(() => undefined);
    },
  };
}

/** A new job runner, under an id never used before, that other runners can tell is alive. */
export async function joinRunners(): Promise<RunnerPresence> {
  const id = await jobs.nextRunnerId();
  const { databaseUrl } = config();
  return databaseUrl ? serverPresence(id, databaseUrl) : embeddedPresence(id);
}

/** Queues again the running jobs of every runner that is provably gone; returns how many. */
export async function recoverJobsOfGoneRunners(me: RunnerPresence): Promise<number> {
  let recovered = 0;
  for (const runnerId of await jobs.runnersHoldingJobs(me.id)) {
    if (!(await me.isGone(runnerId))) continue;
    const count = await jobs.requeueRunning(runnerId);
    if (count)
      logger.warn('queued again the running jobs of a job runner that is gone', { runnerId, jobs: count, by: me.id });
    recovered += count;
  }
  return recovered;
}
