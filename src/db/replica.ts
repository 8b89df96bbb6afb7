import type { Knex } from 'knex';
import { config } from '../config/env.js';
import { errorFields, logger } from '../config/logger.js';
import { createKnex, readingFrom } from './knex.js';

/**
 * A PostgreSQL streaming replica (DATABASE_REPLICA_URL) that the public catalogue's pages may read from
 * (src/db/read-routing.ts decides which request may). A check every REPLICA_CHECK_MS asks the primary how far
 * its WAL has gone and the replica how far it has replayed it; the replica is used only while its last check
 * succeeded, is recent, found a server in recovery, and measured it at most REPLICA_MAX_LAG_MS behind. A
 * replica that is down, stuck or lagging is bypassed: requests read the primary, nobody waits for the replica.
 */

export type ReplicaStatus = 'ok' | 'lagging' | 'unreachable' | 'not-standby' | 'unchecked';

export interface ReplicaState {
  status: ReplicaStatus;
  /** Upper bound of how far behind it is: 0 when it has replayed all the primary had written at the check. */
  lagMs: number | null;
  /** The WAL position it had replayed at the last check ('16/B374D848'); reads after a write wait for it. */
  replayLsn: string | null;
  /** When it was last checked (ms since the epoch), successfully or not. */
  checkedAt: number | null;
}

/** A check more than this many intervals old (a check that hangs) makes the replica unusable. */
const STALE_CHECKS = 3;

/** The most a check may take before the replica counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

let replica: Knex | null = null;
let primary: Knex | null = null;
let state: ReplicaState = { status: 'unchecked', lagMs: null, replayLsn: null, checkedAt: null };
let timer: NodeJS.Timeout | null = null;
let checking: Promise<ReplicaState> | null = null;

/** A WAL position ('X/Y', hexadecimal) as one number, to compare two of them. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined || !/^[0-9A-F]+$/i.test(high + low)) throw new Error(`bad LSN ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timeout));
}

interface ReplayRow {
  standby: boolean;
  replay_lsn: string | null;
  behind_bytes: string | null;
  since_replay_ms: number | null;
}

async function measure(): Promise<ReplicaState> {
  const checkedAt = Date.now();
  if (!replica || !primary) return { ...state, status: 'unchecked', checkedAt };
  try {
    const written = await withTimeout(
      primary.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn'),
      CHECK_TIMEOUT_MS,
    );
    const { rows } = await withTimeout(
      replica.raw<{ rows: ReplayRow[] }>(
        `SELECT pg_is_in_recovery() AS standby,
                pg_last_wal_replay_lsn()::text AS replay_lsn,
                pg_wal_lsn_diff(?::pg_lsn, pg_last_wal_replay_lsn())::text AS behind_bytes,
                (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8
                  AS since_replay_ms`,
        [written.rows[0]!.lsn],
      ),
      CHECK_TIMEOUT_MS,
    );
    const row = rows[0]!;
    if (!row.standby || row.replay_lsn === null) {
      return { status: 'not-standby', lagMs: null, replayLsn: null, checkedAt };
    }
    // Caught up: nothing written before the check is missing. Otherwise the time since the last transaction
    // it replayed: every one it still lacks committed after that one, so this bounds the lag from above.
    const caughtUp = Number(row.behind_bytes ?? '0') <= 0;
    const lagMs = caughtUp ? 0 : Math.max(1, Math.ceil(row.since_replay_ms ?? Number.POSITIVE_INFINITY));
    const status = lagMs <= config().replicaMaxLagMs ? 'ok' : 'lagging';
    return { status, lagMs, replayLsn: row.replay_lsn, checkedAt };
  } catch (err) {
    if (state.status !== 'unreachable') logger.warn('read replica unreachable', errorFields(err));
    return { status: 'unreachable', lagMs: null, replayLsn: null, checkedAt };
  }
}

/** Checks the replica now (the timer does it every REPLICA_CHECK_MS; tests call it to decide when). */
export function checkReplica(): Promise<ReplicaState> {
  checking ??= measure()
    .then((next) => {
      if (next.status !== state.status) logger.info('read replica', { status: next.status, lagMs: next.lagMs });
      state = next;
      return next;
    })
    .finally(() => {
      checking = null;
    });
  return checking;
}

/** The replica's state as last checked (health check), null without DATABASE_REPLICA_URL. */
export function replicaState(): ReplicaState | null {
  return replica ? state : null;
}

/**
 * The replica to read from, or null when there is none or it may not be used: unchecked, down, lagging,
 * not checked for several intervals, or (`wroteLsn`, a session's last write) not yet replayed that far.
 */
export function usableReplica(wroteLsn?: string | null): Knex | null {
  if (!replica || state.status !== 'ok' || state.replayLsn === null || state.checkedAt === null) return null;
  if (Date.now() - state.checkedAt > config().replicaCheckMs * STALE_CHECKS) return null;
  if (wroteLsn && lsnValue(state.replayLsn) < lsnValue(wroteLsn)) return null;
  return replica;
}

/**
 * Runs `fn` (a request's handlers) with its reads outside transactions on the replica when one is usable for
 * a reader whose last write is at `wroteLsn` (usableReplica), on the primary otherwise; says which.
 */
export function readingReplicaWhenCurrent(wroteLsn: string | null | undefined, fn: () => void): 'replica' | 'primary' {
  const usable = usableReplica(wroteLsn);
  if (!usable) {
    fn();
    return 'primary';
  }
  readingFrom(usable, fn);
  return 'replica';
}

/** Whether DATABASE_REPLICA_URL was opened (the web process). */
export function replicaOpened(): boolean {
  return replica !== null;
}

/** The primary's WAL position now: a session that has just written reads the primary until it is replayed. */
export async function primaryLsn(): Promise<string> {
  if (!primary) throw new Error('read replica not opened');
  const { rows } = await primary.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return rows[0]!.lsn;
}

/** SQLSTATE classes of a lost or refused connection: the replica is bypassed from the next request on. */
function connectionLost(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return (
    typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || /^E(CONN|HOST|TIMEDOUT)/.test(code))
  );
}

/** Opens the replica's pool beside the primary's and starts checking it; the first check decides its use. */
export function openReplica(url: string, primaryKnex: Knex): Knex {
  primary = primaryKnex;
  replica = createKnex(url, 10, { server: true, connectTimeoutMs: CHECK_TIMEOUT_MS });
  replica.on('query-error', (err: unknown) => {
    if (connectionLost(err)) state = { ...state, status: 'unreachable', checkedAt: Date.now() };
  });
  state = { status: 'unchecked', lagMs: null, replayLsn: null, checkedAt: null };
  timer = setInterval(() => void checkReplica(), config().replicaCheckMs);
  timer.unref();
  void checkReplica();
  return replica;
}

export async function closeReplica(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  const closing = replica;
  replica = null;
  primary = null;
  await checking?.catch(() => undefined);
  await closing?.destroy();
}
