import { columnsOf, names, pick } from '../db/columns.js';
import { db, type Trx } from '../db/knex.js';

// The auth_tokens table: single-use links (email verification, password reset), stored as their SHA-256.

export type TokenPurpose = 'email_verification' | 'password_reset' | 'email_change';

export interface AuthToken {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  /** Computed by the database clock, the same for every process. */
  expired: boolean;
}

interface AuthTokenRow {
  id: string;
  user_id: string;
  purpose: TokenPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
  /** An email change's new address (only then). */
  new_email: string | null;
}

export const TOKEN_COLUMNS = columnsOf<AuthTokenRow>({
  id: 'text',
  user_id: 'text',
  purpose: 'text',
  token_hash: 'text',
  expires_at: 'timestamp',
  used_at: 'timestamp',
  created_at: 'timestamp',
  new_email: 'text',
});

/** What a token's read returns: never its hash; whether it expired, by the database's clock. */
const READ_KEYS = ['id', 'user_id', 'purpose', 'expires_at', 'used_at'] as const;
type TokenRead = Pick<AuthTokenRow, (typeof READ_KEYS)[number]> & { expired: boolean };

const toAuthToken = (row: TokenRead): AuthToken => ({
  id: row.id,
  userId: row.user_id,
  purpose: row.purpose,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  expired: row.expired,
});

/** Stores the SHA-256 of a new token, valid for `ttlSeconds` from the database's now(). */
export async function insert(
  token: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlSeconds: number; newEmail?: string },
  trx?: Trx,
): Promise<void> {
  await db(trx)('auth_tokens').insert({
    user_id: token.userId,
    purpose: token.purpose,
    token_hash: token.tokenHash,
    new_email: token.newEmail ?? null,
    expires_at: db(trx).raw('now() + make_interval(secs => ?)', [token.ttlSeconds]),
  });
}

export async function findByHash(tokenHash: string, purpose: TokenPurpose, trx?: Trx): Promise<AuthToken | null> {
  const row = await db(trx)('auth_tokens')
    .first<TokenRead | undefined>([
      ...names(pick(TOKEN_COLUMNS, READ_KEYS), 'auth_tokens'),
      db(trx).raw('auth_tokens.expires_at <= now() AS expired'),
    ])
    .where({ token_hash: tokenHash, purpose });
  return row ? toAuthToken(row) : null;
}

/**
 * Uses a token once: only an unused, unexpired token is marked used, in one statement, so two
 * simultaneous clicks cannot both succeed. Returns the token's user, or null.
 */
export async function consume(tokenHash: string, purpose: TokenPurpose, trx?: Trx): Promise<string | null> {
  return (await consumeWithEmail(tokenHash, purpose, trx))?.userId ?? null;
}

/** consume(), with the new address an email change's token carries. */
export async function consumeWithEmail(
  tokenHash: string,
  purpose: TokenPurpose,
  trx?: Trx,
): Promise<{ userId: string; newEmail: string | null } | null> {
  const [row] = await db(trx)('auth_tokens')
    .where({ token_hash: tokenHash, purpose })
    .whereNull('used_at')
    .where('expires_at', '>', db(trx).fn.now())
    .update({ used_at: db(trx).fn.now() })
    .returning<Pick<AuthTokenRow, 'user_id' | 'new_email'>[]>(['user_id', 'new_email']);
  return row ? { userId: row.user_id, newEmail: row.new_email } : null;
}

/** Ends every other outstanding token of this kind for the user (after a reset, older links stop working). */
export async function invalidateForUser(userId: string, purpose: TokenPurpose, trx?: Trx): Promise<number> {
  return db(trx)('auth_tokens')
    .where({ user_id: userId, purpose })
    .whereNull('used_at')
    .update({ used_at: db(trx).fn.now() });
}

/** Housekeeping: tokens past their expiry for a day are of no use to anyone. */
export async function deleteExpired(trx?: Trx): Promise<number> {
  return db(trx)('auth_tokens').where('expires_at', '<', db(trx).raw(`now() - interval '1 day'`)).delete();
}
