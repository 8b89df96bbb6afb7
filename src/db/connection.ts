import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import type { Config } from '../config/env.js';
import { errorFields, logger } from '../config/logger.js';
import { runningEmbeddedDatabase, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';
import { createKnex, setDb, setPreparedDb } from './knex.js';
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
  options: { inMemory?: boolean; readReplica?: boolean; throughRunning?: boolean } = {},
): Promise<DatabaseHandle> {
  let embedded: EmbeddedDatabase | null = null;
  const dataDir = path.join(cfg.dataDir, 'pgdata');
  // The server shell's commands go through the server when it is up: one process per data directory.
  const running = !cfg.databaseUrl && options.throughRunning ? runningEmbeddedDatabase(dataDir) : null;
  let connectionString = cfg.databaseUrl ?? running;
  if (!connectionString) {
    embedded = await startEmbeddedDatabase(options.inMemory ? null : dataDir, {
      idleTimeoutMs: cfg.embeddedIdleTimeoutMs,
    });
    connectionString = embedded.connectionString;
  }
  // PGlite runs one query at a time: a couple of connections are enough and keep waits short.
  const small = embedded !== null || running !== null;
  const knex = createKnex(connectionString, small ? 4 : 10, { server: !small });
  // The named statements of signed-in pages, each kept with one generic plan (src/db/knex.ts createKnex).
  const preparedKnex = small ? null : createKnex(connectionString, 5, { server: true, genericPlans: true });
  const sessionPool = new pg.Pool({ connectionString, max: small ? 2 : 5, idleTimeoutMillis: 30_000 });
  // An idle client whose connection the server ends (restart, failover, pg_terminate_backend) emits 'error'
  // on the pool; unheard, it would end the process. The pool drops that client and opens a new one when asked.
  sessionPool.on('error', (err) => logger.warn('session store connection lost', errorFields(err)));
  setDb(knex);
  setPreparedDb(preparedKnex);
  const replica = Boolean(options.readReplica && cfg.databaseReplicaUrl && !embedded);
  if (replica) openReplica(cfg.databaseReplicaUrl!, knex);
  let closed = false;
  return {
    knex,
    sessionPool,
    connectionString,
    embedded: small,
    replica,
    async close() {
      if (closed) return;
      closed = true;
      setDb(null);
      setPreparedDb(null);
      await closeReplica();
      await Promise.allSettled([knex.destroy(), preparedKnex?.destroy(), sessionPool.end()]);
      await embedded?.close();
    },
  };
}
