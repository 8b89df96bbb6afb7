import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { isUuid } from '../../lib/uuid.js';
import { USER_COLUMNS, toUser, type User, type UserRow } from './row.js';

/** The unique index that makes one address one account, whatever its capitalisation (migration create_users). */
const EMAIL_UNIQUE_INDEX = 'users_email_lower_unique';

/** True when `err` is PostgreSQL refusing a second account for an address (23505 on EMAIL_UNIQUE_INDEX). */
export function isEmailTaken(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === EMAIL_UNIQUE_INDEX;
}

export async function findById(id: string, trx?: Trx): Promise<User | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('users').first<UserRow | undefined>(names(USER_COLUMNS)).where('id', id);
  return row ? toUser(row) : null;
}

export async function findByEmail(email: string, trx?: Trx): Promise<User | null> {
  const row = await db(trx)('users')
    .first<UserRow | undefined>(names(USER_COLUMNS))
    .whereRaw('lower(email) = lower(?)', [email.trim()]);
  return row ? toUser(row) : null;
}
