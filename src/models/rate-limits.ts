import { db, type Trx } from '../db/knex.js';

export interface RateWindow {
  hits: number;
  /** Seconds until the window resets, by the database clock (shared by every process). */
  resetInSeconds: number;
}

// The rate_limits table: one fixed window of hits per key (an address, an account), shared by every process.
interface RateLimitRow {
  key: string;
  hits: number;
  reset_at: Date;
}

/** A window as the queries read it: its hits and the seconds left, by the database's clock. */
type RateRow = Pick<RateLimitRow, 'hits'> & { reset_in: string | number };

const toWindow = (row: RateRow): RateWindow => ({
  hits: row.hits,
  resetInSeconds: Math.max(1, Math.ceil(Number(row.reset_in))),
});

/** Counts one hit in a fixed window: a new window starts when the previous one has ended. */
export async function hit(key: string, windowSeconds: number, trx?: Trx): Promise<RateWindow> {
  const { rows } = await db(trx).raw<{ rows: RateRow[] }>(
    `INSERT INTO rate_limits AS r (key, hits, reset_at)
     VALUES (?, 1, now() + make_interval(secs => ?))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
       reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING hits, extract(epoch FROM reset_at - now()) AS reset_in`,
    [key, windowSeconds],
  );
  return toWindow(rows[0]!);
}

/** The current window of a key without counting, or null when there is none running. */
export async function peek(key: string, trx?: Trx): Promise<RateWindow | null> {
  const row = await db(trx)('rate_limits')
    .first<RateRow | undefined>('hits', db(trx).raw('extract(epoch FROM reset_at - now()) AS reset_in'))
    .where('key', key)
    .where('reset_at', '>', db(trx).fn.now());
  return row ? toWindow(row) : null;
}

/** Takes back one hit of the running window (an event that turned out not to count). */
export async function unhit(key: string, trx?: Trx): Promise<void> {
  await db(trx)('rate_limits')
    .where('key', key)
    .where('hits', '>', 0)
    .where('reset_at', '>', db(trx).fn.now())
    .decrement('hits', 1);
}

export async function clear(key: string, trx?: Trx): Promise<void> {
  await db(trx)('rate_limits').where('key', key).delete();
}

/** Housekeeping: windows that have ended. */
export async function deleteExpired(trx?: Trx): Promise<number> {
  return db(trx)('rate_limits').where('reset_at', '<=', db(trx).fn.now()).delete();
}
