import { config } from '../config/env.js';
import * as users from '../models/users/read.js';
import { greetingName } from '../documents/email.js';
import { queueEmail } from './mail.service.js';
import { MINUTE, consume, refund, reset, type RateRule } from './rate-limit.service.js';

/**
 * The login limits. Each attempt is counted, by one atomic upsert per counter, BEFORE its
 * password is checked, so N simultaneous attempts can never check more passwords than a limit allows;
 * an attempt whose password turns out right gives its counts back (a person who types the right
 * password is never slowed down).
 *
 *   - per IP (30 / 15 min, any account) and per IP + account (10 / 15 min): over either, 429;
 *   - per account from every IP (the ceiling, 50 / 15 min) never locks the account, which would let
 *     anyone lock anyone out. Past it the account is under attack: its owner is emailed once per
 *     window, and an IP that has already tried this account in the window must wait for the window to
 *     end, while an IP that has not (the owner's, most likely) still gets its password checked.
 */

/** Login's rules: counted before the password is checked, given back when it is right (below). */
export const LOGIN_RULES = Object.freeze({
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * MINUTE },
  loginPerIpAndAccount: { name: 'login-ip-account', limit: 10, windowSeconds: 15 * MINUTE },
  /** Failed attempts on one account from every IP: past it the account is under attack (never locked). */
  loginAccountCeiling: { name: 'login-account', limit: 50, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateRule>);

export type LoginAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts a login attempt and says whether its password may be checked now. */
export async function admitLoginAttempt(ip: string, email: string): Promise<LoginAdmission> {
  const fromIp = await consume(LOGIN_RULES.loginPerIp, ip);
  if (!fromIp.allowed) return { allowed: false, retryAfterSeconds: fromIp.retryAfterSeconds };
  const pair = await consume(LOGIN_RULES.loginPerIpAndAccount, pairOf(ip, email));
  if (!pair.allowed) return { allowed: false, retryAfterSeconds: pair.retryAfterSeconds };
  const account = await consume(LOGIN_RULES.loginAccountCeiling, email);
  // Each attempt gets its own count from the upsert, so exactly one attempt a window crosses the ceiling.
  if (account.hits === LOGIN_RULES.loginAccountCeiling.limit + 1) await warnOwner(email);
  if (!account.allowed && pair.hits > 1) return { allowed: false, retryAfterSeconds: pair.retryAfterSeconds };
  return { allowed: true };
}

/** The password was right (the account may still be unconfirmed): the attempt's counts are given back. */
export async function passwordAccepted(ip: string, email: string): Promise<void> {
  await Promise.all([
    refund(LOGIN_RULES.loginPerIp, ip),
    reset(LOGIN_RULES.loginPerIpAndAccount, pairOf(ip, email)),
    refund(LOGIN_RULES.loginAccountCeiling, email),
  ]);
}

// The subject's digest is taken in lower case (rate-limit.service), so the address's case does not matter.
const pairOf = (ip: string, email: string): string => `${ip}|${email}`;

/** "Someone is trying your password", through the job queue; nothing for an address without an account. */
async function warnOwner(email: string): Promise<void> {
  const user = await users.findByEmail(email);
  if (!user) return;
  const { baseUrl } = config();
  await queueEmail({
    to: user.email,
    template: 'login-attempts',
    data: {
      name: greetingName(user),
      attempts: LOGIN_RULES.loginAccountCeiling.limit,
      minutes: LOGIN_RULES.loginAccountCeiling.windowSeconds / 60,
      forgotLink: `${baseUrl}/forgot-password`,
    },
  });
}
