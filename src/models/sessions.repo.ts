import { db, type Trx } from '../db/knex.js';

/**
 * Ends every stored session of a user (after a password reset). Uses the expression index
 * sessions_user_idx on the serialised passport user.
 */
export async function deleteForUser(userId: string, trx?: Trx): Promise<number> {
  return db(trx)('sessions').whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [userId]).delete();
}

export async function countForUser(userId: string, trx?: Trx): Promise<number> {
  const row = await db(trx)('sessions')
    .whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [userId])
    .count<{ count: number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
