import { names } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import { CLIENT_COLUMNS, INVOICING_KEYS, toClientInvoicing, toClientProfile } from './row.js';
import type { ClientInvoicing, ClientProfile, ClientRow } from './row.js';

export async function findClientProfile(userId: string, trx?: Trx): Promise<ClientProfile | null> {
  const row = await db(trx)('client_profiles')
    .first<ClientRow | undefined>(names(CLIENT_COLUMNS))
    .where({ user_id: userId });
  return row ? toClientProfile(row) : null;
}

/** The client's invoicing data (all null when it has no profile yet or chose nothing). */
export async function findClientInvoicing(userId: string, trx?: Trx): Promise<ClientInvoicing> {
  const row = await db(trx)('client_profiles')
    .where({ user_id: userId })
    .first<Pick<ClientRow, (typeof INVOICING_KEYS)[number]> | undefined>(INVOICING_KEYS);
  return toClientInvoicing(row);
}
