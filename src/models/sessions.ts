import type pg from 'pg';
import { compiledOnce, db, type Trx } from '../db/knex.js';
import { sessionUserQuery, toSessionUser, type SessionUserRow, type SessionPerson } from './users/session-user.js';

// The sessions table, written by the session store (connect-pg-simple): one row per session.
interface SessionRow {
  sid: string;
  /** The session as JSON (json, not jsonb: the store writes it as text). */
  sess: unknown;
  expire: Date;
}

/**
 * Ends every stored session of a user (after a password reset). Uses the expression index
 * sessions_user_idx on the serialised passport user.
 */
export async function deleteForUser(userId: string, trx?: Trx): Promise<number> {
  return db(trx)('sessions').whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [userId]).delete();
}

/** A signed-in session of a user as the account page lists it: its id, what it says, when it ends. */
export interface UserSession {
  sid: string;
  sess: Record<string, unknown>;
  expire: Date;
}

/** The unexpired sessions signed in as a user (sessions_user_idx). */
export async function listForUser(userId: string, trx?: Trx): Promise<UserSession[]> {
  const rows = await db(trx)('sessions')
    .select<SessionRow[]>('sid', 'sess', 'expire')
    .whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [userId])
    .andWhereRaw('expire >= now()')
    .orderBy('expire', 'desc');
  return rows.map((row) => ({
    sid: row.sid,
    sess: (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Record<string, unknown>,
    expire: row.expire,
  }));
}

/** Ends one session of a user (none when the id is another user's); the number ended. */
export async function deleteOneForUser(userId: string, sid: string, trx?: Trx): Promise<number> {
  return db(trx)('sessions').where({ sid }).andWhereRaw(`(sess -> 'passport' ->> 'user') = ?`, [userId]).delete();
}

/** Ends every session of a user but the one named (this browser's); the number ended. */
export async function deleteOthersForUser(userId: string, keepSid: string, trx?: Trx): Promise<number> {
  return db(trx)('sessions')
    .whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [userId])
    .andWhereNot({ sid: keepSid })
    .delete();
}

/**
 * Notes when a session was last used (the account page's "ultima attività"), in the stored row only: the
 * cookie and the row keep their expiry. A later save of the session by the store writes what it holds in
 * memory, so a note may be lost until the next one.
 */
export async function noteActivity(sid: string, at: string): Promise<void> {
  await db()('sessions')
    .where({ sid })
    .update({ sess: db().raw(`(sess::jsonb || jsonb_build_object('seenAt', ?::text))::json`, [at]) });
}

/** Deletes the sessions past their expiry (the browser has dropped their cookie): how many. */
export async function deleteExpired(now: Date = new Date()): Promise<number> {
  return db()('sessions').where('expire', '<', now).delete();
}

/** A stored session and the account it is signed in as (null for a visitor's session, or a deleted account). */
export interface SessionWithUser {
  sess: Record<string, unknown>;
  user: SessionPerson | null;
}

/**
 * The session store's read (src/config/session.ts): the unexpired session row and, in the same statement,
 * the account its passport names (users/session-user.ts sessionUserQuery), where the store's read and passport's
 * would take two round trips on every signed-in request. Run on the session store's own pool, so that a
 * store that cannot be reached fails the request as the store does. The statement is compiled once
 * (db/knex.ts compiledOnce) and named from its text once (db/knex.ts statementName): each connection of the
 * pool parses and plans it once.
 */
export async function findWithUser(pool: pg.Pool, sid: string): Promise<SessionWithUser | null> {
  const { nativeSql, name, bindings } = withUser(sid);
  const { rows } = await pool.query<Pick<SessionRow, 'sess'> & Partial<SessionUserRow>>({
    name,
    text: nativeSql,
    values: bindings,
  });
  const row = rows[0];
  if (!row) return null;
  const sess = typeof row.sess === 'string' ? (JSON.parse(row.sess) as unknown) : row.sess;
  if (!sess || typeof sess !== 'object') return null;
  return {
    sess: sess as Record<string, unknown>,
    user: row.person_id ? toSessionUser(row as SessionUserRow) : null,
  };
}

const withUser = compiledOnce(1, (sid) => {
  const k = db();
  // A passport user that is not a uuid (no such row is ever written) names no account rather than failing.
  const userId = k.raw(
    `CASE WHEN s.sess #>> '{passport,user}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      THEN (s.sess #>> '{passport,user}')::uuid END`,
  );
  const organisationId = k.raw(`s.sess #>> '{organisation}'`);
  return k
    .select('s.sess', 'su.*')
    .from({ s: 'sessions' })
    .joinRaw('LEFT JOIN LATERAL (?) AS su ON true', [k.raw('?', [sessionUserQuery(k, userId, organisationId)])])
    .where('s.sid', sid)
    .andWhereRaw('s.expire >= now()');
});
