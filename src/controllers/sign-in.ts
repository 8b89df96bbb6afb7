import type { Request } from 'express';
import { passportUser } from '../config/passport.js';
import { isOperator, type SignedIn } from '../lib/current-user.js';
import type { SessionDevice } from '../services/account-security.service.js';

/**
 * The two ways a session becomes signed in: at once after the password, or after the password and a
 * second factor. Between the two the session is "pending": it names the account and where to go next, is
 * signed in as nobody, and is good for PENDING_MINUTES. Any page that needs a signed-in user treats it as a
 * visitor's; only /auth/second-factor reads it.
 */

export const PENDING_MINUTES = 10;

export interface PendingSecondFactor {
  userId: string;
  email: string;
  returnTo: string | null;
  startedAt: number;
}

declare module 'express-session' {
  interface SessionData {
    pendingSecondFactor?: PendingSecondFactor;
    device?: SessionDevice;
    /** Set when this session was signed in with the second factor (the console requires it of operators). */
    secondFactorSignIn?: boolean;
    /** An enrolment's sealed secret, until its first code confirms it (account two-factor page). */
    totpEnrolment?: string;
  }
}

const regenerate = (req: Request): Promise<void> =>
  new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));

/** The password was right and the account asks for a second factor: a fresh session, pending. */
export async function awaitSecondFactor(req: Request, who: Omit<PendingSecondFactor, 'startedAt'>): Promise<void> {
  await regenerate(req);
  req.session.pendingSecondFactor = { ...who, startedAt: Date.now() };
}

/** The pending second step of this session, or null when there is none or it is older than PENDING_MINUTES. */
export function pendingSecondFactor(req: Request): PendingSecondFactor | null {
  const pending = req.session.pendingSecondFactor;
  if (!pending || typeof pending.userId !== 'string') return null;
  return Date.now() - pending.startedAt <= PENDING_MINUTES * 60_000 ? pending : null;
}

/**
 * Signs the session in (passport regenerates it: a session id known before is worthless after, and a
 * pending step ends with it) and notes the browser and address it was signed in from, for the account's list.
 */
export async function signIn(req: Request, user: SignedIn, withSecondFactor = false): Promise<void> {
  await new Promise<void>((resolve, reject) => req.login(passportUser(user), (err) => (err ? reject(err) : resolve())));
  req.session.device = {
    userAgent: req.get('user-agent')?.slice(0, 512) ?? null,
    ip: req.ip ?? null,
    signedInAt: new Date().toISOString(),
  };
  if (withSecondFactor) req.session.secondFactorSignIn = true;
}

/** Where a sign-in lands without a page to return to: the console for an operator, else the dashboard. */
export const landingOf = (user: SignedIn): string => (isOperator(user) ? '/admin' : '/dashboard');
