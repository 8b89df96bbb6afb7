import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import type { Config } from '../config/env.js';
import { errorFields, logger } from '../config/logger.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';
import { createKnex, setDb } from './knex.js';
import { closeReplica, openReplica } from './replica.js';

export interface DatabaseHandle {
  knex: Knex;
  /** A small separate pool for the session store. */
  sessionPool: pg.Pool;
  /** With the embedded database it carries the password generated at start: never log it. */
  connectionString: string;
  embedded: boolean;
  /** Whether a read replica (DATABASE_REPLICA_URL) was opened beside the primary. */
  replica: boolean;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR/pgdata when it is absent
 * (`inMemory` keeps the embedded database in memory: tests). Installs the Knex instance for the repositories.
 * `readReplica` (the web process) also opens DATABASE_REPLICA_URL when it is set (src/db/replica.ts).
 */
export async function openDatabase(
  cfg: Config,
  options: { inMemory?: boolean; readReplica?: boolean } = {},
): Promise<DatabaseHandle> {
  let embedded: EmbeddedDatabase | null = null;
  let connectionString = cfg.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedDatabase(options.inMemory ? null : path.join(cfg.dataDir, 'pgdata'), {
      idleTimeoutMs: cfg.embeddedIdleTimeoutMs,
    });
    connectionString = embedded.connectionString;
  }
  // PGlite runs one query at a time: a couple of connections are enough and keep waits short.
  const knex = createKnex(connectionString, embedded ? 4 : 10, { server: !embedded });
  const sessionPool = new pg.Pool({ connectionString, max: embedded ? 2 : 5, idleTimeoutMillis: 30_000 });
  // An idle client whose connection the server ends (restart, failover, pg_terminate_backend) emits 'error'
  // on the pool; unheard, it would end the process. The pool drops that client and opens a new one when asked.
  sessionPool.on('error', (err) => logger.warn('session store connection lost', errorFields(err)));
  setDb(knex);
  const replica = Boolean(options.readReplica && cfg.databaseReplicaUrl && !embedded);
  if (replica) openReplica(cfg.databaseReplicaUrl!, knex);
  let closed = false;
  return {
    knex,
    sessionPool,
    connectionString,
    embedded: embedded !== null,
    replica,
    async close() {
      if (closed) return;
      closed = true;
      setDb(null);
      await closeReplica();
      await Promise.allSettled([knex.destroy(), sessionPool.end()]);
      await embedded?.close();
    },
  };
}
