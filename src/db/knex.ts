import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { logger } from '../config/logger.js';

// numeric stays a string (exact money); int8 counts become numbers; dates stay plain 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Trx = Knex.Transaction;

let instance: Knex | null = null;

/**
 * Memory for each sort or bitmap of a query on a PostgreSQL server (its default is 4 MB). A text search
 * narrowed by a wide place intersects two large bitmaps: at a million services a common word and a big city's
 * radius no longer fit in 4 MB, the bitmaps turn lossy and every row of their heap pages is checked again;
 * at 32 MB they stay exact. At most one such bitmap pair per connection of the pool (10), so the server's
 * worst case stays a few hundred MB.
 */
const SERVER_WORK_MEM = '32MB';

export function createKnex(
  connectionString: string,
  poolMax: number,
  options: { server?: boolean; connectTimeoutMs?: number } = {},
): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      application_name: 'sicurhub',
      ...(options.server ? { options: `-c work_mem=${SERVER_WORK_MEM}` } : {}),
      ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    },
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    acquireConnectionTimeout: options.connectTimeoutMs ?? 20_000,
    // Knex's own warnings go through our logger (JSON lines, silent in tests), not straight to the console.
    log: {
      warn: (message: unknown) => logger.warn('knex', { detail: String(message) }),
      error: (message: unknown) => logger.error('knex', { detail: String(message) }),
      deprecate: (method: string, alternative: string) => logger.warn('knex deprecation', { method, alternative }),
      debug: (message: unknown) => logger.debug('knex', { detail: String(message) }),
    },
  });
  return knex;
}

/** Installs the one Knex instance the repositories use. */
export function setDb(knex: Knex | null): void {
  instance = knex;
}

/** The database a request's statements read from when it is not the primary (src/db/read-routing.ts). */
const readSource = new AsyncLocalStorage<Knex>();

/**
 * Runs `fn`, and everything it starts, with the statements outside a transaction going to `knex` (a read
 * replica): only for handlers that read. Transactions always run on the primary.
 */
export function readingFrom<T>(knex: Knex, fn: () => T): T {
  return readSource.run(knex, fn);
}

/**
 * The Knex instance, or the transaction when one is passed: every repository call goes through here. Inside
 * readingFrom (a public catalogue page that may read a replica) it is the replica.
 */
export function db(trx?: Trx | null): Knex {
  if (trx) return trx;
  const source = readSource.getStore();
  if (source) return source;
  return primaryDb();
}

/** The primary, whatever the request may read from: transactions and everything that writes. */
export function primaryDb(): Knex {
  if (!instance) throw new Error('Database not initialised: call setDb() at boot');
  return instance;
}

/**
 * The name of a prepared statement, made from its text (PostgreSQL's, with $1…): the same text always has
 * the same name and another text another name, so no caller names a statement and no name can point at a
 * text it was not made from. 32 hex digits of its SHA-256 keep it well under PostgreSQL's 63-byte limit,
 * with room for the embedded server's per-connection prefix (packages/pg-embedded-server).
 */
export function statementName(nativeSql: string): string {
  return `q${createHash('sha256').update(nativeSql).digest('hex').slice(0, 32)}`;
}

/**
 * Names a statement run on every booking or signed-in request, so that each connection parses and plans it
 * once (a PostgreSQL prepared statement; after five runs the server keeps one generic plan when it is as
 * good): for these, planning cost more than running. The name comes from the statement's own text
 * (statementName), so a statement whose text varies with its options (a tab, an offset) is simply several
 * statements. Both databases run it named: the embedded server gives each connection its own names in its
 * one session, so the default test run exercises this path too. The texts are checked in under
 * src/models/queries/ (test/integration/db/statement-texts.test.ts).
 */
export function prepared<Q extends Knex.QueryBuilder | Knex.Raw>(query: Q): Q {
  return query.options({ name: statementName(query.toSQL().toNative().sql) }) as Q;
}

/** A statement compiled once (compiledOnce), bound to the values of one call. */
export interface BoundStatement {
  /** Knex's text, with `?` for each binding (`db().raw(sql, bindings)` runs it). */
  sql: string;
  /** PostgreSQL's text, with `$1`… (a pg client's query). */
  nativeSql: string;
  bindings: unknown[];
}

const PLACEHOLDER = '\u0000param';
const placeholder = (i: number): string => `${PLACEHOLDER}${i}\u0000`;

/**
 * A statement whose text does not depend on the values it is run with, compiled by Knex once and from then
 * on only bound: Knex builds a large select or a statement of several parts anew on every call, where binding
 * it costs nothing. `build` is called once, with a placeholder (a string) for each
 * of its `arity` parameters, and must hand each of them to Knex unchanged, as a binding: a placeholder that
 * is transformed, put inside another value or dropped makes the first call throw. Like `prepared`, for the
 * statements every booking or signed-in request runs.
 */
export function compiledOnce(
  arity: number,
  build: (...params: string[]) => Knex.QueryBuilder | Knex.Raw,
): (...values: unknown[]) => BoundStatement {
  let compiled: { sql: string; nativeSql: string; bindings: readonly unknown[] } | null = null;
  const marks = Array.from({ length: arity }, (_, i) => placeholder(i));
  const slots = new Map(marks.map((m, i) => [m, i]));
  return (...values) => {
    if (!compiled) {
      const query = build(...marks);
      const { sql, bindings } = query.toSQL();
      const bound = bindings.filter((b) => typeof b === 'string' && slots.has(b));
      const stray = bindings.some((b) => typeof b === 'string' && !slots.has(b) && b.includes(PLACEHOLDER));
      if (stray || marks.some((m) => !bound.includes(m))) {
        throw new Error('compiledOnce: a parameter is not bound as it was given');
      }
      compiled = { sql, nativeSql: query.toSQL().toNative().sql, bindings };
    }
    const bindings = compiled.bindings.map((b) => {
      const slot = typeof b === 'string' ? slots.get(b) : undefined;
      return slot === undefined ? b : values[slot];
    });
    return { sql: compiled.sql, nativeSql: compiled.nativeSql, bindings };
  };
}

/** Runs fn in a transaction. Inside it, pass `trx` to every query: another connection would wait for it. */
export function transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
  return primaryDb().transaction(fn);
}
