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

/**
 * `server`: a PostgreSQL server, which takes settings at connection (the embedded one does not).
 * `genericPlans`: the pool of the named statements (setPreparedDb), whose connections keep one generic plan for
 * each: left to choose, PostgreSQL plans a statement anew on every run whenever a plan made for the values looks
 * cheaper than the generic one, as it does for a busy provider's list of its newest bookings (a LIMIT over
 * thousands of rows), and planning then costs more than running.
 */
export function createKnex(
  connectionString: string,
  poolMax: number,
  options: { server?: boolean; genericPlans?: boolean; connectTimeoutMs?: number } = {},
): Knex {
  const settings = [
    `-c work_mem=${SERVER_WORK_MEM}`,
    ...(options.genericPlans ? ['-c plan_cache_mode=force_generic_plan'] : []),
  ];
  const knex = knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      application_name: 'sicurhub',
      ...(options.server ? { options: settings.join(' ') } : {}),
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

let preparedInstance: Knex | null = null;

/**
 * Installs the pool that runs the named statements (`prepared`) outside a transaction on the primary, made
 * with `genericPlans` (createKnex); without one they run on the primary's pool (the embedded database).
 */
export function setPreparedDb(knex: Knex | null): void {
  preparedInstance = knex;
}

/** Where a named statement runs outside a transaction and outside readingFrom: that pool, or the primary's. */
export function preparedDb(): Knex {
  return preparedInstance ?? primaryDb();
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
 * once (a PostgreSQL prepared statement; outside a transaction on the primary it runs on the pool that keeps
 * one generic plan, setPreparedDb): for these, planning cost more than running. The name comes from the
 * statement's own text (statementName), so a statement whose text varies with its options (a tab, an offset)
 * is simply several statements. Both databases run it named: the embedded server gives each connection its
 * own names in its one session, so the default test run exercises this path too. The texts are checked in under
 * src/models/queries/ (test/integration/db/statement-texts.test.ts).
 *
 * A statement compiled once (compiledOnce, compiledByShape) is given as it is bound, and runs on `trx` when
 * one is given: its text and name were made once, so only its values are sent.
 */
export function prepared<Q extends Knex.QueryBuilder | Knex.Raw>(query: Q): Q;
export function prepared<R = { rows: Record<string, unknown>[] }>(statement: BoundStatement, trx?: Trx): Knex.Raw<R>;
export function prepared(query: Knex.QueryBuilder | Knex.Raw | BoundStatement, trx?: Trx) {
  if ('nativeSql' in query) {
    const source = trx ?? readSource.getStore() ?? preparedDb();
    return source.raw(query.sql, query.bindings as Knex.RawBinding[]).options({ name: query.name });
  }
  return query.options({ name: statementName(query.toSQL().toNative().sql) });
}

/** A statement compiled once (compiledOnce, compiledByShape), bound to the values of one call. */
export interface BoundStatement {
  /** Knex's text, with `?` for each binding (`db().raw(sql, bindings)` runs it). */
  sql: string;
  /** PostgreSQL's text, with `$1`… (a pg client's query). */
  nativeSql: string;
  /** Its prepared statement's name (statementName of nativeSql), made once with the text. */
  name: string;
  bindings: unknown[];
}

const PLACEHOLDER = '\u0000param';
const placeholder = (key: number | string): string => `${PLACEHOLDER}${key}\u0000`;

/** A statement's text compiled once, and which of its bindings are the parameters (by their key). */
interface Compiled<K> {
  sql: string;
  nativeSql: string;
  name: string;
  bindings: readonly unknown[];
  slots: readonly (K | undefined)[];
}

/**
 * Compiles `query`, built with the placeholders `marks` (each the key of a parameter): every placeholder must
 * be one of its bindings exactly as it was given, none transformed, put inside another value or dropped.
 */
function compile<K>(query: Knex.QueryBuilder | Knex.Raw, marks: ReadonlyMap<string, K>): Compiled<K> {
  const { sql, bindings } = query.toSQL();
  const bound = new Set(bindings.filter((b): b is string => typeof b === 'string' && marks.has(b)));
  const stray = bindings.some((b) => typeof b === 'string' && !marks.has(b) && b.includes(PLACEHOLDER));
  if (stray || bound.size !== marks.size) throw new Error('compiledOnce: a parameter is not bound as it was given');
  const nativeSql = query.toSQL().toNative().sql;
  const slots = bindings.map((b) => (typeof b === 'string' ? marks.get(b) : undefined));
  return { sql, nativeSql, name: statementName(nativeSql), bindings, slots };
}

function bind<K>(compiled: Compiled<K>, valueOf: (key: K) => unknown): BoundStatement {
  const { sql, nativeSql, name, slots } = compiled;
  const bindings = compiled.bindings.map((b, i) => {
    const slot = slots[i];
    return slot === undefined ? b : valueOf(slot);
  });
  return { sql, nativeSql, name, bindings };
}

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
  let compiled: Compiled<number> | null = null;
  const marks = Array.from({ length: arity }, (_, i) => placeholder(i));
  return (...values) => {
    compiled ??= compile(build(...marks), new Map(marks.map((m, i) => [m, i])));
    return bind(compiled, (slot) => values[slot]);
  };
}

/** What a statement's text depends on besides its values: a few flags and small constants. */
export type StatementShape = Readonly<Record<string, string | number | boolean | null>>;

/**
 * compiledOnce for a statement with a few texts: `build` makes the text of one shape (the party it reads for,
 * whether an option is given, a constant such as a limit) from the shape alone, and takes each value it
 * binds as `param(name)`, handed to Knex unchanged. Each shape is compiled on its first call; a call binds
 * `values` by name (those its shape does not use are left out). The shape is all `build` is given, so it is
 * all a text can depend on; keep it to flags and small constants, each shape a statement of its own.
 */
export function compiledByShape<S extends StatementShape, P extends string>(
  build: (shape: S, param: (name: P) => string) => Knex.QueryBuilder | Knex.Raw,
): (shape: S, values: Readonly<Record<P, unknown>>) => BoundStatement {
  const shapes = new Map<string, Compiled<P>>();
  return (shape, values) => {
    const key = JSON.stringify(shape);
    let compiled = shapes.get(key);
    if (!compiled) {
      const marks = new Map<string, P>();
      const query = build(shape, (name) => {
        const mark = placeholder(`:${name}`);
        marks.set(mark, name);
        return mark;
      });
      compiled = compile(query, marks);
      shapes.set(key, compiled);
    }
    return bind(compiled, (name) => values[name]);
  };
}

/** Runs fn in a transaction. Inside it, pass `trx` to every query: another connection would wait for it. */
export function transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
  return primaryDb().transaction(fn);
}
