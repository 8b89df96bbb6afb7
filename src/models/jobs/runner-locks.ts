import pg from 'pg';

/**
 * Session advisory locks that say a job runner is alive, on PostgreSQL servers: each runner holds the lock
 * of its id on a connection of its own for as long as it lives. The server releases a session's locks
 * only when the session ends, so a lock that can be taken proves that its runner's session is over.
 * These run on that dedicated connection, never on the shared pool (a pooled connection is reused by
 * other work and would keep or drop the lock at random).
 */

/** A runner's own connection, outside the shared pool: it lives as long as the runner. */
export type LockConnection = pg.Client;

export function lockConnection(connectionString: string, runnerId: number): LockConnection {
  return new pg.Client({ connectionString, application_name: `sicurhub-jobs-${runnerId}` });
}

// The first key of the two-key lock space, so that these never collide with other advisory locks.
export const RUNNER_LOCK_SPACE = 0x5348_4a57; // "SHJW"

/** Takes this runner's lock; waits only if another session holds it (it never should: ids are unique). */
export async function hold(client: pg.ClientBase, runnerId: number): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1, $2)', [RUNNER_LOCK_SPACE, runnerId]);
}

/**
 * Whether the session that held `runnerId`'s lock has ended: the lock is taken and given back at once
 * when it is free. Run it on the asking runner's own connection.
 */
export async function isReleased(client: pg.ClientBase, runnerId: number): Promise<boolean> {
  const { rows } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS free', [
    RUNNER_LOCK_SPACE,
    runnerId,
  ]);
  if (!rows[0]?.free) return false;
  await client.query('SELECT pg_advisory_unlock($1, $2)', [RUNNER_LOCK_SPACE, runnerId]);
  return true;
}
