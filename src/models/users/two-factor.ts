import { db, type Trx } from '../../db/knex.js';

// The users table's two-factor columns and the user_recovery_codes table (migration two_factor_sign_in).

export interface TwoFactorState {
  /** The sealed secret (lib/secret-box), null when two-factor sign-in is off. */
  sealedSecret: string | null;
  enabledAt: Date | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
  lastStep: number | null;
  /** Recovery codes not yet used. */
  recoveryCodesLeft: number;
}

export async function findTwoFactor(userId: string, trx?: Trx): Promise<TwoFactorState | null> {
  const row = await db(trx)('users')
    .select<{ totp_secret: string | null; totp_enabled_at: Date | null; totp_last_step: string | null; left: string }>(
      'totp_secret',
      'totp_enabled_at',
      'totp_last_step',
      db(trx).raw(
        '(SELECT count(*) FROM user_recovery_codes c WHERE c.user_id = users.id AND c.used_at IS NULL) AS "left"',
      ),
    )
    .where({ id: userId })
    .first();
  if (!row) return null;
  return {
    sealedSecret: row.totp_secret,
    enabledAt: row.totp_enabled_at,
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    recoveryCodesLeft: Number(row.left),
  };
}

/** The user's row locked for a two-factor change or check (two codes checked at once: one wins). */
export async function lockTwoFactor(userId: string, trx: Trx): Promise<TwoFactorState | null> {
  await db(trx)('users').select('id').where({ id: userId }).forUpdate();
  return findTwoFactor(userId, trx);
}

export async function enableTwoFactor(userId: string, sealedSecret: string, step: number, trx: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id: userId })
    .update({
      totp_secret: sealedSecret,
      totp_enabled_at: db(trx).fn.now(),
      totp_last_step: step,
      updated_at: db(trx).fn.now(),
    });
}

export async function disableTwoFactor(userId: string, trx: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id: userId })
    .update({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: db(trx).fn.now() });
  await db(trx)('user_recovery_codes').where({ user_id: userId }).delete();
}

export async function setLastStep(userId: string, step: number, trx: Trx): Promise<void> {
  await db(trx)('users').where({ id: userId }).update({ totp_last_step: step });
}

/** Replaces every recovery code of the user with these (their SHA-256). */
export async function replaceRecoveryCodes(userId: string, hashes: readonly string[], trx: Trx): Promise<void> {
  await db(trx)('user_recovery_codes').where({ user_id: userId }).delete();
  await db(trx)('user_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

/** Uses an unused recovery code (once): whether it was one. */
export async function useRecoveryCode(userId: string, hash: string, trx: Trx): Promise<boolean> {
  const used = await db(trx)('user_recovery_codes')
    .where({ user_id: userId, code_hash: hash })
    .whereNull('used_at')
    .update({ used_at: db(trx).fn.now() });
  return used === 1;
}
