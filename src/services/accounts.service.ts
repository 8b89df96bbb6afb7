import argon2 from 'argon2';
import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import type { ActingOrganisation, UserType } from '../lib/current-user.js';
import * as organisationReads from '../models/organisations/read.js';
import * as organisationWrites from '../models/organisations/write.js';
import * as authTokens from '../models/auth-tokens.js';
import * as clientProfiles from '../models/clients/write.js';
import * as jobs from '../models/jobs/queue.js';
import * as providerProfiles from '../models/providers/write.js';
import * as sessions from '../models/sessions.js';
import * as users from '../models/users/read.js';
import type { User } from '../models/users/row.js';
import * as userWrites from '../models/users/write.js';
import { consumeToken, inspectToken, issueToken, TOKEN_TTL_SECONDS, type TokenState } from './auth-tokens.service.js';
import { greetingName } from '../documents/email.js';
import { defaultBusinessName } from '../documents/words.js';
import { queueEmail } from './mail.service.js';
import type { RunningJob } from '../jobs/runner.js';

/** argon2id at the OWASP minimum: 19 MiB, 2 passes, 1 lane (the library default costs several times more a login). */
const PASSWORD_HASH_OPTIONS = Object.freeze({
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
});

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

export async function passwordMatches(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is simply "no match".
    return false;
  }
}

// Compared against when the address is unknown, so that a wrong address costs as long as a wrong password.
let dummyHash: Promise<string> | null = null;
const unknownUserHash = (): Promise<string> => (dummyHash ??= hashPassword('sicurhub-no-such-user'));

export interface Registration {
  userType: UserType;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string;
  password: string;
}

export type RegistrationResult = { status: 'registered'; user: User } | { status: 'email_taken' };

/**
 * Creates the unverified account and its profile, and queues the verification email, in one
 * transaction: either all of it happens or none.
 */
/**
 * A new account, its verification email queued in the same transaction. `returnTo` (a same-site path,
 * src/lib/return-to.ts) is where the person was going, a booking for one: the verification link carries it,
 * so that the account confirmed on any device leads back there.
 */
export async function register(input: Registration, returnTo: string | null = null): Promise<RegistrationResult> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(async (trx) => {
      if (await users.findByEmail(input.email, trx)) return { status: 'email_taken' } as const;
      const user = await userWrites.insertUser({ ...input, passwordHash }, trx);
      await organisationWrites.insertOrganisation(user.id, input.userType, trx);
      await ensureProfile({ id: user.id, userType: input.userType }, user.companyName, trx);
      await sendVerificationEmail(user, trx, returnTo);
      return { status: 'registered', user } as const;
    });
  } catch (err) {
    // Two registrations of one address at the same moment: the unique index decides. Only its own code
    // and index mean "already registered": any other failure (an outage, another constraint) is the
    // error handler's, not a message about the address.
    if (users.isEmailTaken(err)) return { status: 'email_taken' };
    throw err;
  }
}

/**
 * docs/product.md §4: an organisation's missing profile is created with its defaults (the name given at
 * registration); an existing one is kept.
 */
export async function ensureProfile(
  organisation: ActingOrganisation,
  companyName: string | null,
  trx?: Trx,
): Promise<void> {
  const name = companyName?.trim() || defaultBusinessName();
  if (organisation.userType === 'provider') await providerProfiles.insertProviderDefaults(organisation.id, name, trx);
  else await clientProfiles.insertClientDefaults(organisation.id, name, trx);
}

export type AuthenticationResult =
  { status: 'ok'; userId: string } | { status: 'invalid' } | { status: 'unverified'; email: string };

/**
 * Checks a login. The same answer, in about the same time, for an unknown address and a wrong password;
 * "unverified" only once the password is right.
 */
export async function authenticate(email: string, password: string): Promise<AuthenticationResult> {
  const user = await users.findByEmail(email);
  if (!user) {
    await passwordMatches(await unknownUserHash(), password);
    return { status: 'invalid' };
  }
  if (!(await passwordMatches(user.passwordHash, password))) return { status: 'invalid' };
  if (!user.emailVerifiedAt) return { status: 'unverified', email: user.email };
  const rehash = argon2.needsRehash(user.passwordHash, PASSWORD_HASH_OPTIONS) ? await hashPassword(password) : null;
  await transaction(async (trx) => {
    for (const m of await organisationReads.membershipsOf(user.id, trx)) {
      if (m.role === 'admin') await ensureProfile({ id: m.organisationId, userType: m.kind }, user.companyName, trx);
    }
    await userWrites.touchLastLogin(user.id, trx);
    if (rehash) await userWrites.updatePasswordHash(user.id, rehash, trx);
  });
  return { status: 'ok', userId: user.id };
}

async function sendVerificationEmail(user: User, trx: Trx, returnTo: string | null): Promise<void> {
  const token = await issueToken(user.id, 'email_verification', trx);
  const back = returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : '';
  await queueEmail(
    {
      to: user.email,
      template: 'verify-email',
      data: {
        name: greetingName(user),
        link: `${config().baseUrl}/auth/verify?token=${token}${back}`,
        hours: TOKEN_TTL_SECONDS.email_verification / 3600,
      },
    },
    trx,
  );
}

/** "Invia di nuovo": a fresh link for an unverified account; nothing (and no hint) for any other address. */
export async function resendVerification(email: string, returnTo: string | null = null): Promise<void> {
  await transaction(async (trx) => {
    const user = await users.findByEmail(email, trx);
    if (!user || user.emailVerifiedAt) return;
    await sendVerificationEmail(user, trx, returnTo);
  });
}

export type VerificationResult =
  { status: 'verified'; userType: UserType } | { status: 'expired' } | { status: 'invalid' };

/** Confirms the address of a verification link (single use). */
export async function verifyEmail(token: unknown): Promise<VerificationResult> {
  return transaction(async (trx) => {
    const state = await consumeToken(token, 'email_verification', trx);
    if (state.status !== 'valid') return { status: state.status };
    const user = await users.findById(state.userId, trx);
    if (!user) return { status: 'invalid' };
    await userWrites.markEmailVerified(user.id, trx);
    const [first] = await organisationReads.membershipsOf(user.id, trx);
    return { status: 'verified', userType: first?.kind ?? 'client' };
  });
}

/** The state of a verification link without using it (the page that asks to confirm). */
export async function checkVerificationToken(token: unknown): Promise<TokenState['status']> {
  return (await inspectToken(token, 'email_verification')).status;
}

/**
 * The address behind a verification link that can no longer be used as it is (expired), so that the
 * page can offer a fresh one; null for unknown links and for accounts already confirmed.
 */
export async function addressOfExpiredVerification(token: unknown): Promise<string | null> {
  const state = await inspectToken(token, 'email_verification');
  if (state.status !== 'expired') return null;
  const user = await users.findById(state.userId);
  return user && !user.emailVerifiedAt ? user.email : null;
}

export const PASSWORD_RESET_JOB = 'password-reset.request';

/**
 * Password recovery, as the request sees it: one queued job holding the address, the same work for a
 * registered address as for an unknown one, so the answer's timing tells nobody who is registered.
 * The job runner decides (sendPasswordReset).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await jobs.enqueue(PASSWORD_RESET_JOB, { email });
}

/**
 * The job of a reset request: for a registered address, a new reset link and its email (queued, sent by
 * the next job); for an unknown one nothing. The job completes in the same transaction, so a retry
 * after a crash can never send a second link.
 */
export async function sendPasswordReset(payload: Record<string, unknown>, job: RunningJob): Promise<void> {
  await transaction(async (trx) => {
    const user = typeof payload.email === 'string' ? await users.findByEmail(payload.email, trx) : null;
    if (user) {
      const token = await issueToken(user.id, 'password_reset', trx);
      await queueEmail(
        {
          to: user.email,
          template: 'reset-password',
          data: {
            name: greetingName(user),
            link: `${config().baseUrl}/auth/reset-password?token=${token}`,
            minutes: TOKEN_TTL_SECONDS.password_reset / 60,
          },
        },
        trx,
      );
    }
    await job.complete(trx);
  });
}

export async function checkResetToken(token: unknown): Promise<TokenState['status']> {
  return (await inspectToken(token, 'password_reset')).status;
}

export type PasswordResetResult =
  { status: 'reset'; endedSessions: number } | { status: 'expired' } | { status: 'invalid' };

/**
 * Sets the new password from a reset link (single use), ends every session of the account, stops the
 * other reset links and tells the owner by email. The link proves the mailbox, so the address counts
 * as verified too.
 */
export async function resetPassword(token: unknown, password: string): Promise<PasswordResetResult> {
  const passwordHash = await hashPassword(password);
  return transaction(async (trx) => {
    const state = await consumeToken(token, 'password_reset', trx);
    if (state.status !== 'valid') return { status: state.status };
    const user = await users.findById(state.userId, trx);
    if (!user) return { status: 'invalid' };
    await userWrites.updatePasswordHash(user.id, passwordHash, trx);
    await userWrites.markEmailVerified(user.id, trx);
    await authTokens.invalidateForUser(user.id, 'password_reset', trx);
    const endedSessions = await sessions.deleteForUser(user.id, trx);
    await queueEmail(
      {
        to: user.email,
        template: 'password-changed',
        data: {
          name: greetingName(user),
          loginLink: `${config().baseUrl}/auth/login`,
          forgotLink: `${config().baseUrl}/forgot-password`,
        },
      },
      trx,
    );
    return { status: 'reset', endedSessions };
  });
}
