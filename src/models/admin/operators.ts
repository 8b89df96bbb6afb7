import { db, type Trx } from '../../db/knex.js';

// The operators table (migration operators_and_audit): the people who run the site.

export async function insertOperator(userId: string, trx: Trx): Promise<void> {
  await trx('operators').insert({ user_id: userId });
}

export async function isOperatorPerson(userId: string, trx?: Trx): Promise<boolean> {
  return Boolean(await db(trx)('operators').where({ user_id: userId }).first('user_id'));
}
