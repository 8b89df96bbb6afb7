import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { USER_COLUMNS, toUser, type User, type UserRow } from './row.js';

export interface NewUser {
  email: string;
  passwordHash: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

/** A new, unverified account. The unique index on lower(email) rejects a second account per address. */
export async function insertUser(user: NewUser, trx?: Trx): Promise<User> {
  const [row] = await db(trx)('users')
    .insert({
      email: user.email,
      password_hash: user.passwordHash,
      company_name: user.companyName,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
    })
    .returning<UserRow[]>(names(USER_COLUMNS));
  return toUser(row!);
}

export async function updatePasswordHash(id: string, passwordHash: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .update({ password_hash: passwordHash, updated_at: db(trx).fn.now() });
}

/** A confirmed change of login email (the unique index on lower(email) refuses an address already taken). */
export async function updateEmail(id: string, email: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .update({ email, updated_at: db(trx).fn.now() });
}

/** Marks the address as confirmed (once: a later confirmation keeps the first date). */
export async function markEmailVerified(id: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .whereNull('email_verified_at')
    .update({ email_verified_at: db(trx).fn.now(), updated_at: db(trx).fn.now() });
}

export async function touchLastLogin(id: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .update({ last_login_at: db(trx).fn.now() });
}
