import { randomBytes } from 'node:crypto';
import Joi from 'joi';
import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import * as users from '../models/users/read.js';
import { insertUser, markEmailVerified } from '../models/users/write.js';
import { insertOperator } from '../models/admin/operators.js';
import { hashPassword } from './accounts.service.js';
import { issueToken } from './auth-tokens.service.js';

export type OperatorCreation =
  { ok: true; userId: string; email: string; link: string } | { ok: false; reason: 'invalid' | 'taken' };

const EMAIL = Joi.string()
  .trim()
  .lowercase()
  .email({ tlds: { allow: false } })
  .max(254)
  .required();

/**
 * A new operator: a person (address confirmed, a random password nobody knows) who belongs to no
 * organisation, and the password-setting link of a password reset (auth-tokens.service), which is how they
 * choose their own. An address already in use is refused: an operator is never a marketplace party.
 */
export async function createOperator(rawEmail: string): Promise<OperatorCreation> {
  const checked = EMAIL.validate(rawEmail);
  if (checked.error) return { ok: false, reason: 'invalid' };
  const email = checked.value as string;
  if (await users.findByEmail(email)) return { ok: false, reason: 'taken' };
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return transaction(async (trx) => {
    const user = await insertUser(
      { email, passwordHash, companyName: 'SicurHub', firstName: null, lastName: null, phone: null },
      trx,
    );
    await markEmailVerified(user.id, trx);
    await insertOperator(user.id, trx);
    const token = await issueToken(user.id, 'password_reset', trx);
    return { ok: true, userId: user.id, email, link: `${config().baseUrl}/auth/reset-password?token=${token}` };
  });
}
