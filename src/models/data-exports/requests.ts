import { db, type Trx } from '../../db/knex.js';

// The data_exports table: one row per "Scarica i tuoi dati" request (migration data_exports).

export interface DataExport {
  id: string;
  userId: string;
  status: 'pending' | 'ready';
  fileKey: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  /** Computed by the database clock. */
  expired: boolean;
}

interface Row {
  id: string;
  user_id: string;
  status: 'pending' | 'ready';
  file_key: string | null;
  created_at: Date;
  expires_at: Date | null;
  expired: boolean;
}

const SELECT = ['id', 'user_id', 'status', 'file_key', 'created_at', 'expires_at'] as const;

const toExport = (row: Row): DataExport => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  fileKey: row.file_key,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  expired: row.expired,
});

function selectExports(trx?: Trx) {
  return db(trx)('data_exports').select(
    ...SELECT,
    db(trx).raw('(expires_at IS NOT NULL AND expires_at <= now()) AS expired'),
  );
}

export async function create(userId: string, trx?: Trx): Promise<string> {
  const [row] = (await db(trx)('data_exports').insert({ user_id: userId }).returning('id')) as { id: string }[];
  return row!.id;
}

export async function findById(id: string, trx?: Trx): Promise<DataExport | null> {
  const row = (await selectExports(trx).where('id', id).first()) as Row | undefined;
  return row ? toExport(row) : null;
}

/** The user's latest request, if any. */
export async function latestOf(userId: string, trx?: Trx): Promise<DataExport | null> {
  const row = (await selectExports(trx).where('user_id', userId).orderBy('created_at', 'desc').first()) as
    Row | undefined;
  return row ? toExport(row) : null;
}

/** The archive is stored: its link works for `hours` from now (database clock). */
export async function markReady(id: string, fileKey: string, hours: number, trx: Trx): Promise<boolean> {
  const count = await db(trx)('data_exports')
    .where({ id, status: 'pending' })
    .update({
      status: 'ready',
      file_key: fileKey,
      ready_at: db(trx).fn.now(),
      expires_at: db(trx).raw(`now() + make_interval(hours => ?)`, [hours]),
    });
  return count === 1;
}

/** Archives whose link has lapsed: their files are deleted, the rows go with them. */
export async function expired(trx?: Trx): Promise<{ id: string; fileKey: string }[]> {
  const rows = (await db(trx)('data_exports')
    .select('id', 'file_key')
    .where('status', 'ready')
    .andWhere('expires_at', '<=', db(trx).fn.now())) as { id: string; file_key: string }[];
  return rows.map((r) => ({ id: r.id, fileKey: r.file_key }));
}

export async function remove(id: string, trx?: Trx): Promise<void> {
  await db(trx)('data_exports').where('id', id).delete();
}
