import { loadConfig, overrideConfig } from '../../src/config/env.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connection.js';
import { db, preparedDb } from '../../src/db/knex.js';
import { prepareDatabase } from '../../src/boot/prepare-database.js';

let handle: DatabaseHandle | null = null;

// Reference data (gazetteer, categories) and the migration bookkeeping survive between test files.
const KEEP = new Set(['knex_migrations', 'knex_migrations_lock', 'provinces', 'places', 'categories']);

/**
 * The files of a test run (uploads, outbox): one folder per database, so that the suite on the embedded database
 * and the same suite on a PostgreSQL server can run side by side (CI does) without touching each other's files.
 */
export const TEST_DATA_DIR = process.env.DATABASE_URL ? 'var/test-pg' : 'var/test';

/** The configuration of every test run (in-memory database, TEST_DATA_DIR for files, no demo data). */
export function useTestConfig(): ReturnType<typeof loadConfig> {
  const cfg = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: TEST_DATA_DIR, SEED_DEMO: '0' });
  overrideConfig(cfg);
  return cfg;
}

/** One database for the whole run: in-memory embedded PostgreSQL, or DATABASE_URL when it is set. */
export async function startTestDatabase(): Promise<DatabaseHandle> {
  if (handle) return handle;
  const cfg = useTestConfig();
  handle = await openDatabase(cfg, { inMemory: true, readReplica: true });
  await prepareDatabase(handle.knex, { seedDemo: false });
  return handle;
}

export async function stopTestDatabase(): Promise<void> {
  await handle?.close();
  handle = null;
}

export function testDatabase(): DatabaseHandle {
  if (!handle) throw new Error('test database not started');
  return handle;
}

/** Empties every table but the reference data: each test file starts from a known state. */
export async function resetDatabase(): Promise<void> {
  const { rows } = await db().raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`,
  );
  const tables = rows.map((r) => r.tablename).filter((name) => !KEEP.has(name));
  if (!tables.length) return;
  // The audit trail refuses TRUNCATE (an append-only trigger): the tests' reset, as the table's owner, turns
  // its triggers off for the moment of it.
  const audit = tables.includes('audit_events');
  await db().transaction(async (trx) => {
    if (audit) await trx.raw('ALTER TABLE audit_events DISABLE TRIGGER USER');
    await trx.raw(`TRUNCATE ${tables.map((n) => `"${n}"`).join(', ')} RESTART IDENTITY CASCADE`);
    if (audit) await trx.raw('ALTER TABLE audit_events ENABLE TRIGGER USER');
  });
}

/** A statement as Knex announces it ('query' event): its text and, for a named statement, its name. */
export interface SentStatement {
  sql: string;
  options?: { name?: string };
}

/**
 * Runs `run` with `listener` hearing every statement sent meanwhile, on every pool: on a PostgreSQL server the
 * named statements run on a pool of their own (src/db/knex.ts preparedDb).
 */
export async function watchingStatements<T>(listener: (q: SentStatement) => void, run: () => Promise<T>): Promise<T> {
  const pools = [...new Set([db(), preparedDb()])];
  pools.forEach((pool) => pool.on('query', listener));
  try {
    return await run();
  } finally {
    pools.forEach((pool) => pool.off('query', listener));
  }
}
