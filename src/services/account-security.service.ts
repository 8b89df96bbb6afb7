import { createHash } from 'node:crypto';
import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import { greetingName } from '../documents/email.js';
import { problem, type Problem } from '../lib/problem.js';
import { guessDevice } from '../lib/user-agent.js';
import * as sessions from '../models/sessions.js';
import * as users from '../models/users/read.js';
import type { User } from '../models/users/row.js';
import * as userWrites from '../models/users/write.js';
import { hashPassword, passwordMatches } from './accounts.service.js';
import { queueEmail } from './mail.service.js';

/**
 * The account's own security (docs/product.md §2 "Il mio account"): the password, the signed-in sessions,
 * and the email that tells the owner of every change.
 */

/** What a session remembers of the browser that signed in (set at sign-in, shown on the account page). */
export interface SessionDevice {
  userAgent: string | null;
  ip: string | null;
  signedInAt: string;
}

/** A signed-in session as its owner sees it; `handle` names it in forms (never the session id itself). */
export interface AccountSession {
  handle: string;
  current: boolean;
  browser: string | null;
  system: string | null;
  ip: string | null;
  signedInAt: Date | null;
  lastSeenAt: Date | null;
}

/** The kinds of security change the owner is told of by email (emails:account-change.<event>). */
export type SecurityEvent = 'password' | 'totp_enabled' | 'totp_disabled' | 'recovery_codes';

export const sessionHandle = (sid: string): string => createHash('sha256').update(sid).digest('hex').slice(0, 32);

const dateOf = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The user's signed-in sessions, this browser's first, then by last activity. */
export async function listSessions(userId: string, currentSid: string): Promise<AccountSession[]> {
  const rows = await sessions.listForUser(userId);
  const list = rows.map((row): AccountSession => {
    const device = (row.sess.device ?? {}) as Partial<SessionDevice>;
    const { browser, system } = guessDevice(device.userAgent);
    const signedInAt = dateOf(device.signedInAt);
    return {
      handle: sessionHandle(row.sid),
      current: row.sid === currentSid,
      browser,
      system,
      ip: typeof device.ip === 'string' ? device.ip : null,
      signedInAt,
      lastSeenAt: dateOf(row.sess.seenAt) ?? signedInAt,
    };
  });
  const seen = (s: AccountSession): number => s.lastSeenAt?.getTime() ?? 0;
  return list.sort((a, b) => Number(b.current) - Number(a.current) || seen(b) - seen(a));
}

/** Notes when a signed-in session was last used (middleware/session-activity). */
export function noteSessionActivity(sid: string, at: string): Promise<void> {
  return sessions.noteActivity(sid, at);
}

/** The job runner's hourly removal of expired sessions (no web process keeps a timer for it). */
export function pruneExpiredSessions(): Promise<number> {
  return sessions.deleteExpired();
}

/** "Esci da questa sessione": ends one of the user's own sessions, named by its handle. */
export async function endSession(
  userId: string,
  handle: string,
  currentSid: string,
): Promise<{ ended: true; current: boolean } | Problem<'session_unknown'>> {
  const row = (await sessions.listForUser(userId)).find((s) => sessionHandle(s.sid) === handle);
  if (!row || (await sessions.deleteOneForUser(userId, row.sid)) === 0) return problem('session_unknown');
  return { ended: true, current: row.sid === currentSid };
}

/** "Esci da tutte le altre": every session of the user but this browser's; how many were ended. */
export function endOtherSessions(userId: string, currentSid: string): Promise<number> {
  return sessions.deleteOthersForUser(userId, currentSid);
}

export type PasswordChangeProblem = Problem<'wrong_password' | 'same_password'>;

/**
 * Changes the password of a signed-in user who knows the current one: every other session ends, and the
 * owner is told by email. This browser stays signed in.
 */
export async function changePassword(
  userId: string,
  currentSid: string,
  input: { currentPassword: string; password: string },
): Promise<{ changed: true; endedSessions: number } | PasswordChangeProblem> {
  const user = await users.findById(userId);
  if (!user || !(await passwordMatches(user.passwordHash, input.currentPassword))) return problem('wrong_password');
  if (input.password === input.currentPassword) return problem('same_password');
  const passwordHash = await hashPassword(input.password);
  return transaction(async (trx) => {
    await userWrites.updatePasswordHash(user.id, passwordHash, trx);
    const endedSessions = await sessions.deleteOthersForUser(user.id, currentSid, trx);
    await tellOwner(user, 'password', trx);
    return { changed: true as const, endedSessions };
  });
}

/** Whether the password typed is the account's (a re-authentication before a sensitive change). */
export async function passwordIsRight(userId: string, password: string): Promise<boolean> {
  const user = await users.findById(userId);
  return Boolean(user && (await passwordMatches(user.passwordHash, password)));
}

/** The email of a security change, to the account's address, queued with the change. */
export async function tellOwner(user: User, event: SecurityEvent, trx: Trx): Promise<void> {
  const { baseUrl } = config();
  await queueEmail(
    {
      to: user.email,
      template: 'account-change',
      data: {
        name: greetingName(user),
        event,
        accountLink: `${baseUrl}/account`,
        forgotLink: `${baseUrl}/forgot-password`,
      },
    },
    trx,
  );
}
