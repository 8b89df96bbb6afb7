import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import { greetingName } from '../documents/email.js';
import { problem, type Problem } from '../lib/problem.js';
import * as authTokens from '../models/auth-tokens.js';
import * as users from '../models/users/read.js';
import * as userWrites from '../models/users/write.js';
import { passwordMatches } from './accounts.service.js';
import { consumeEmailChange, inspectToken, issueToken, TOKEN_TTL_SECONDS } from './auth-tokens.service.js';
import { queueEmail } from './mail.service.js';

/**
 * A change of login email (docs/product.md §2 "Il mio account"): asked with the password, confirmed by a link
 * to the new address (24 hours, once); the old address is told of the request and of the change, and nothing
 * changes until the link is used.
 */

export type EmailChangeProblem = Problem<'wrong_password' | 'same_email' | 'email_taken'>;

export async function requestEmailChange(
  userId: string,
  input: { currentPassword: string; newEmail: string },
): Promise<{ sent: true } | EmailChangeProblem> {
  const user = await users.findById(userId);
  if (!user || !(await passwordMatches(user.passwordHash, input.currentPassword))) return problem('wrong_password');
  if (input.newEmail.toLowerCase() === user.email.toLowerCase()) return problem('same_email');
  if (await users.findByEmail(input.newEmail)) return problem('email_taken');
  const { baseUrl } = config();
  await transaction(async (trx) => {
    // Only the latest request's link works.
    await authTokens.invalidateForUser(user.id, 'email_change', trx);
    const token = await issueToken(user.id, 'email_change', trx, input.newEmail);
    await queueEmail(
      {
        to: input.newEmail,
        template: 'email-change',
        data: {
          name: greetingName(user),
          link: `${baseUrl}/account/email-confirmation?token=${token}`,
          hours: TOKEN_TTL_SECONDS.email_change / 3600,
        },
      },
      trx,
    );
    await queueEmail(
      {
        to: user.email,
        template: 'account-change',
        data: {
          name: greetingName(user),
          event: 'email_requested',
          email: input.newEmail,
          accountLink: `${baseUrl}/account`,
          forgotLink: `${baseUrl}/forgot-password`,
        },
      },
      trx,
    );
  });
  return { sent: true };
}

export type EmailConfirmationState = 'valid' | 'expired' | 'invalid';

/** What a confirmation link is worth, without using it (a mail scanner opening it confirms nothing). */
export async function checkEmailChange(token: unknown): Promise<EmailConfirmationState> {
  return (await inspectToken(token, 'email_change')).status;
}

/** Uses the link: the account's login email becomes the new address (now confirmed); the old one is told. */
export async function confirmEmailChange(
  token: unknown,
): Promise<{ status: 'changed'; email: string } | { status: 'expired' | 'invalid' | 'email_taken' }> {
  try {
    return await transaction(async (trx) => {
      const used = await consumeEmailChange(token, trx);
      if (used.status !== 'valid') return { status: used.status };
      const user = await users.findById(used.userId, trx);
      if (!user) return { status: 'invalid' as const };
      const holder = await users.findByEmail(used.newEmail, trx);
      if (holder && holder.id !== user.id) return { status: 'email_taken' as const };
      await userWrites.updateEmail(user.id, used.newEmail, trx);
      await userWrites.markEmailVerified(user.id, trx);
      const { baseUrl } = config();
      await queueEmail(
        {
          to: user.email,
          template: 'account-change',
          data: {
            name: greetingName(user),
            event: 'email_changed',
            email: used.newEmail,
            accountLink: `${baseUrl}/account`,
            forgotLink: `${baseUrl}/forgot-password`,
          },
        },
        trx,
      );
      return { status: 'changed' as const, email: used.newEmail };
    });
  } catch (err) {
    // Another account took the address between the check and the write: the unique index decides.
    if (users.isEmailTaken(err)) return { status: 'email_taken' };
    throw err;
  }
}
