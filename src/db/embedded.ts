import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { serveEmbedded, type Log } from '../../packages/pg-embedded-server/src/index.js';
import { logger } from '../config/logger.js';

/** The server's reports, as the application's own log lines. */
const log: Log = (level, message, fields) => logger[level](`embedded database: ${message}`, fields);

/** PGlite's session runs as this role; the server accepts no other user name. */
const USER = 'postgres';

export interface EmbeddedDatabase {
  /** Carries the password: hand it only to the application's own clients, never log it. */
  connectionString: string;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** A connection holding the session this long without a word (in a transaction or an exchange) is ended. */
  idleTimeoutMs: number;
}

/**
 * Where a process that serves a data directory writes its address (with its password, readable by its user
 * only), so that the server shell's commands (`npm run operator:create`...) run through it while it is up
 * instead of opening the directory a second time, which would write beside it unseen.
 */
const addressFile = (dataDir: string): string => path.join(path.dirname(dataDir), 'embedded-db.json');

/** The address of the live process serving `dataDir`, or null when none is (a file left by one that died is ignored). */
export function runningEmbeddedDatabase(dataDir: string): string | null {
  try {
    const { pid, connectionString } = JSON.parse(readFileSync(addressFile(dataDir), 'utf8')) as {
      pid: number;
      connectionString: string;
    };
    process.kill(pid, 0);
    return connectionString;
  } catch {
    return null;
  }
}

/**
 * Turns off V8's collection of WebAssembly code that has become dead (a function's baseline code once its
 * optimised code replaces it), before PGlite compiles anything. On Node.js 24 that collection, in a process
 * running PGlite, can end the process at random with "Check failed: jit_page_->allocations_.erase(addr) == 1"
 * (V8's registry of executable pages, a known V8 fault under WebAssembly code churn; seen once in a full test
 * run). Kept, that code costs a few megabytes once per function; measured on a PGlite workload: same speed,
 * same peak memory.
 */
function keepWasmCode(): void {
  v8.setFlagsFromString('--no-wasm-code-gc');
}

/**
 * Starts PGlite (PostgreSQL in WebAssembly) with the extensions the migrations use, and serves it on a
 * loopback port (packages/pg-embedded-server), so that pg, Knex and connect-pg-simple talk to it exactly as to
 * a real server. `dataDir` null keeps it in memory (tests).
 * Only one process may open a data directory. The password is new at every start and lives only in this
 * process's memory: another local user who reaches the port cannot log in.
 */
export async function startEmbeddedDatabase(
  dataDir: string | null,
  options: EmbeddedOptions,
): Promise<EmbeddedDatabase> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  keepWasmCode();
  const pglite = await PGlite.create(dataDir ?? undefined, {
    extensions: { pg_trgm, unaccent, cube, earthdistance, btree_gist },
  });
  const password = randomBytes(32).toString('base64url');
  const server = await serveEmbedded(pglite, { user: USER, password, idleTimeoutMs: options.idleTimeoutMs, log });
  const { host, port } = server;
  const connectionString = `postgres://${USER}:${password}@${host}:${port}/postgres?sslmode=disable`;
  if (dataDir)
    writeFileSync(addressFile(dataDir), JSON.stringify({ pid: process.pid, connectionString }), { mode: 0o600 });
  let closed = false;
  return {
    connectionString,
    async close() {
      if (closed) return;
      closed = true;
      if (dataDir) rmSync(addressFile(dataDir), { force: true });
      await server.close();
      await pglite.close();
    },
  };
}
