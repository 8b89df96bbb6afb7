import { createHash, randomBytes } from 'node:crypto';
import type { Trx } from '../db/knex.js';
import * as tokens from '../models/auth-tokens.js';
import type { TokenPurpose } from '../models/auth-tokens.js';
/** Verification links last a day, reset links an hour, since a reset link opens the account. */
export const TOKEN_TTL_SECONDS: Readonly<Record<TokenPurpose, number>> = Object.freeze({
  email_verification: 24 * 60 * 60,
  password_reset: 60 * 60,
  email_change: 24 * 60 * 60,
});

/** Only this digest is stored: a leaked table gives nobody a working link. */
function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// 32 random bytes, URL-safe: 43 characters.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new link secret (for the link, never stored) and its digest (the only thing stored). */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The stored digest a link's secret would have; null for anything that cannot be one. */
export function linkTokenHash(token: unknown): string | null {
  return typeof token === 'string' && TOKEN_SHAPE.test(token) ? hashToken(token) : null;
}

/** A new single-use token for the user; returns the secret to put in the link (never stored). */
export async function issueToken(userId: string, purpose: TokenPurpose, trx?: Trx, newEmail?: string): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await tokens.insert({ userId, purpose, tokenHash, ttlSeconds: TOKEN_TTL_SECONDS[purpose], newEmail }, trx);
  return token;
}

export type TokenState =
  { status: 'valid'; userId: string } | { status: 'expired'; userId: string } | { status: 'invalid' };

/** What a link is worth without using it: valid, expired, or invalid (unknown, malformed or already used). */
export async function inspectToken(token: unknown, purpose: TokenPurpose, trx?: Trx): Promise<TokenState> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return { status: 'invalid' };
  const row = await tokens.findByHash(hashToken(token), purpose, trx);
  if (!row || row.usedAt) return { status: 'invalid' };
  if (row.expired) return { status: 'expired', userId: row.userId };
  return { status: 'valid', userId: row.userId };
}

/** Uses a token once. Pass the transaction of the change it authorises. */
export async function consumeToken(token: unknown, purpose: TokenPurpose, trx?: Trx): Promise<TokenState> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return { status: 'invalid' };
  const userId = await tokens.consume(hashToken(token), purpose, trx);
  if (userId) return { status: 'valid', userId };
  return inspectToken(token, purpose, trx);
}

/** Uses an email change's link once: its user and the new address it confirms. */
export async function consumeEmailChange(
  token: unknown,
  trx: Trx,
): Promise<{ status: 'valid'; userId: string; newEmail: string } | { status: 'expired' | 'invalid' }> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return { status: 'invalid' };
  const used = await tokens.consumeWithEmail(hashToken(token), 'email_change', trx);
  if (used?.newEmail) return { status: 'valid', userId: used.userId, newEmail: used.newEmail };
  const state = await inspectToken(token, 'email_change', trx);
  return { status: state.status === 'expired' ? 'expired' : 'invalid' };
}

/** Periodic housekeeping: links expired for more than a day. */
export async function pruneExpiredTokens(): Promise<void> {
  await tokens.deleteExpired();
}
