import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { problem, type Problem } from '../lib/problem.js';
import { open, seal } from './secret-box.service.js';
import * as users from '../models/users/read.js';
import * as twoFactor from '../models/users/two-factor.js';
import { passwordIsRight, tellOwner } from './account-security.service.js';

/**
 * Two-factor sign-in (docs/product.md §2): a TOTP secret (RFC 6238, 30 s, six digits) kept sealed with
 * ENCRYPTION_KEY, ten single-use recovery codes kept as their SHA-256, and the second step of sign-in.
 * Signing in is two steps whenever secondFactorRequired() says so: today when the account turned it on;
 * a role that must have it (the operator's console) is one more rule there.
 */

export const RECOVERY_CODE_COUNT = 10;
/** How far a phone's clock may be off: one 30 s step either way. */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'SicurHub';
// Recovery codes: no 0/o, 1/l/i, so that a code read from paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const state = await twoFactor.findTwoFactor(userId);
  return {
    enabled: Boolean(state?.sealedSecret),
    enabledAt: state?.enabledAt ?? null,
    recoveryCodesLeft: state?.sealedSecret ? state.recoveryCodesLeft : 0,
  };
}

/** Whether signing in as this account takes a second step after the password. */
export async function secondFactorRequired(userId: string): Promise<boolean> {
  return (await twoFactorStatus(userId)).enabled;
}

/** A new secret for an enrolment, sealed (it waits in the session until its first code confirms it). */
export function newEnrolment(): { sealed: string } {
  return { sealed: seal(config().encryptionKey, generateSecret()) };
}

/** What the enrolment page shows: the key to type by hand and the otpauth:// address for the QR code. */
export function enrolmentDetails(sealed: string, email: string): { key: string; uri: string } | null {
  const secret = open(config().encryptionKey, sealed);
  if (!secret) return null;
  return { key: secret.replace(/(.{4})/g, '$1 ').trim(), uri: generateURI({ issuer: ISSUER, label: email, secret }) };
}

/** The time step of a right code newer than `afterStep`, or null. */
function acceptedStep(secret: string, code: string, afterStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({
    secret,
    token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const recoveryHash = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

function newRecoveryCodes(): string[] {
  const part = (): string =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

export type EnrolmentProblem = Problem<'code_wrong' | 'enrolment_expired' | 'already_enabled'>;

/** The first code confirms the enrolment: two-factor sign-in is on, and its recovery codes are shown once. */
export async function confirmEnrolment(
  userId: string,
  sealed: string,
  code: string,
): Promise<{ recoveryCodes: string[] } | EnrolmentProblem> {
  const secret = open(config().encryptionKey, sealed);
  if (!secret) return problem('enrolment_expired');
  const step = acceptedStep(secret, code, null);
  if (step === null) return problem('code_wrong');
  const codes = newRecoveryCodes();
  return transaction(async (trx) => {
    const state = await twoFactor.lockTwoFactor(userId, trx);
    const user = await users.findById(userId, trx);
    if (!state || !user) return problem('enrolment_expired');
    if (state.sealedSecret) return problem('already_enabled');
    await twoFactor.enableTwoFactor(userId, sealed, step, trx);
    await twoFactor.replaceRecoveryCodes(userId, codes.map(recoveryHash), trx);
    await tellOwner(user, 'totp_enabled', trx);
    return { recoveryCodes: codes };
  });
}

/**
 * Checks a second factor: a code of the app (newer than the last one accepted: a code is never accepted
 * twice) or an unused recovery code, which is used up. The row is locked: of two checks at once one wins.
 */
export async function checkSecondFactor(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  return transaction(async (trx) => {
    const state = await twoFactor.lockTwoFactor(userId, trx);
    const secret = state?.sealedSecret ? open(config().encryptionKey, state.sealedSecret) : null;
    if (!state?.sealedSecret) return null;
    const step = secret ? acceptedStep(secret, code, state.lastStep) : null;
    if (step !== null) {
      await twoFactor.setLastStep(userId, step, trx);
      return 'totp';
    }
    if (/^\d{6}$/.test(code.replace(/\s+/g, ''))) return null;
    return (await twoFactor.useRecoveryCode(userId, recoveryHash(code), trx)) ? 'recovery' : null;
  });
}

export type TwoFactorChangeProblem = Problem<'wrong_password' | 'code_wrong' | 'not_enabled'>;

/** "Disattiva": with the password and a code (or a recovery code); the owner is told. */
export async function disableTwoFactor(
  userId: string,
  input: { currentPassword: string; code: string },
): Promise<{ disabled: true } | TwoFactorChangeProblem> {
  if (!(await passwordIsRight(userId, input.currentPassword))) return problem('wrong_password');
  if (!(await secondFactorRequired(userId))) return problem('not_enabled');
  if (!(await checkSecondFactor(userId, input.code))) return problem('code_wrong');
  return transaction(async (trx) => {
    const user = await users.findById(userId, trx);
    if (!user) return problem('not_enabled');
    await twoFactor.disableTwoFactor(userId, trx);
    await tellOwner(user, 'totp_disabled', trx);
    return { disabled: true as const };
  });
}

/** "Rigenera codici di recupero": ten new codes with the password; the old ones stop working. */
export async function regenerateRecoveryCodes(
  userId: string,
  currentPassword: string,
): Promise<{ recoveryCodes: string[] } | TwoFactorChangeProblem> {
  if (!(await passwordIsRight(userId, currentPassword))) return problem('wrong_password');
  const codes = newRecoveryCodes();
  return transaction(async (trx) => {
    const state = await twoFactor.lockTwoFactor(userId, trx);
    const user = await users.findById(userId, trx);
    if (!state?.sealedSecret || !user) return problem('not_enabled');
    await twoFactor.replaceRecoveryCodes(userId, codes.map(recoveryHash), trx);
    await tellOwner(user, 'recovery_codes', trx);
    return { recoveryCodes: codes };
  });
}
