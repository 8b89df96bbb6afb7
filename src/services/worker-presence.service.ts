import { config } from '../config/env.js';
import { errorFields, logger } from '../config/logger.js';
import * as jobs from '../models/jobs.repo.js';
import * as workerLocks from '../models/worker-locks.repo.js';

/**
 * Who may take a running job back from its worker, and when.
 *
 * THE GUARANTEE: a job is sent by one worker at a time. A job is claimed alone into `running` with its
 * worker's id; no worker ever claims a running job; only the worker holding it finishes it or queues it
 * again (jobs.repo finish/release check the id). The one exception is recovery, and it happens only
 * when the holder is provably gone, never because time has passed: a slow SMTP server, a long pause or
 * a clock jump cannot make two workers send one message.
 *   - On a PostgreSQL server each worker holds a session advisory lock on its id, on a connection of its
 *     own, for its whole life (models/worker-locks.repo). The server drops the lock only when that
 *     session ends, so a lock another worker can take proves the holder's process died or lost its
 *     database connection. A worker that loses that connection stops claiming at once and joins again
 *     under a new id.
 *   - The embedded database (PGlite) lives inside the one web process that runs the workers (only one
 *     process may open its data directory) and serves every connection from one session, where advisory
 *     locks prove nothing. A worker id that this process did not hand out belongs to a process that is
 *     no longer running (an earlier start).
 *
 * THE ONE UNAVOIDABLE LIMIT: a message the SMTP server has accepted, by a worker that dies (or loses its
 * lock connection) before it writes `done`, is sent again after recovery: nothing can make the SMTP
 * server's acceptance and the database write one atomic step. The stable Message-ID of each job (see
 * mail.service) lets the receiving servers drop that copy. Work that only writes to the database has
 * no such gap: its handler completes the job in its own transaction (RunningJob.complete).
 */
export interface WorkerPresence {
  readonly id: number;
  /** True on a PostgreSQL server: the worker's claims also check, in the database, that its lock is held. */
  readonly lockBacked: boolean;
  /** False once this worker can no longer prove it is alive: it must claim nothing more. */
  alive(): boolean;
  /** Whether the worker with this id is provably gone, so that its running jobs may be queued again. */
  isGone(workerId: number): Promise<boolean>;
  leave(): Promise<void>;
}

const inThisProcess = new Set<number>();

function embeddedPresence(id: number): WorkerPresence {
  inThisProcess.add(id);
  return {
    id,
    lockBacked: false,
    alive: () => inThisProcess.has(id),
    isGone: async (workerId) => !inThisProcess.has(workerId),
    async leave() {
      inThisProcess.delete(id);
    },
  };
}

async function serverPresence(id: number, connectionString: string): Promise<WorkerPresence> {
  const client = workerLocks.lockConnection(connectionString, id);
  let alive = false;
  const lost = (err?: unknown): void => {
    if (alive)
      logger.warn('worker lost its presence connection: it stops claiming jobs', { workerId: id, ...errorFields(err) });
    alive = false;
  };
  client.on('error', lost);
  client.on('end', () => lost());
  await client.connect();
  try {
    await workerLocks.hold(client, id);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  alive = true;
  return {
    id,
    lockBacked: true,
    alive: () => alive,
    isGone: (workerId) => workerLocks.isReleased(client, workerId),
    async leave() {
      alive = false;
      await client.end().catch(() => undefined);
    },
  };
}

/** A new worker, under an id never used before, that other workers can tell is alive. */
export async function joinWorkers(): Promise<WorkerPresence> {
  const id = await jobs.nextWorkerId();
  const { databaseUrl } = config();
  return databaseUrl ? serverPresence(id, databaseUrl) : embeddedPresence(id);
}

/** Queues again the running jobs of every worker that is provably gone; returns how many. */
export async function recoverJobsOfGoneWorkers(me: WorkerPresence): Promise<number> {
  let recovered = 0;
  for (const workerId of await jobs.runningWorkerIds(me.id)) {
    if (!(await me.isGone(workerId))) continue;
    const count = await jobs.requeueRunning(workerId);
    if (count)
      logger.warn('queued again the running jobs of a worker that is gone', { workerId, jobs: count, by: me.id });
    recovered += count;
  }
  return recovered;
}
