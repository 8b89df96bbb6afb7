import { columnsOf } from '../../db/columns.js';
import { db, type Trx } from '../../db/knex.js';
import type { SearchParams } from '../../lib/search.shared.js';

// The saved_searches table ("Avvisami"): a search's parameters, the address its alerts go to, its links' tokens.

interface SavedSearchRow {
  id: string;
  user_id: string | null;
  email: string;
  params: SearchParams;
  unsubscribe_token: string;
  confirm_token_hash: string | null;
  confirmed_at: Date | null;
  created_at: Date;
  last_sent_at: Date | null;
}

export const SAVED_SEARCH_COLUMNS = columnsOf<SavedSearchRow>({
  id: 'text',
  user_id: 'text',
  email: 'text',
  params: 'json',
  unsubscribe_token: 'text',
  confirm_token_hash: 'text',
  confirmed_at: 'timestamp',
  created_at: 'timestamp',
  last_sent_at: 'timestamp',
});

export interface SavedSearch {
  id: string;
  userId: string | null;
  email: string;
  params: SearchParams;
  unsubscribeToken: string;
  confirmedAt: Date | null;
  createdAt: Date;
  lastSentAt: Date | null;
}

const READ = ['id', 'user_id', 'email', 'params', 'unsubscribe_token', 'confirmed_at', 'created_at', 'last_sent_at'];

const toSavedSearch = (r: Omit<SavedSearchRow, 'confirm_token_hash'>): SavedSearch => ({
  id: r.id,
  userId: r.user_id,
  email: r.email,
  params: r.params,
  unsubscribeToken: r.unsubscribe_token,
  confirmedAt: r.confirmed_at,
  createdAt: r.created_at,
  lastSentAt: r.last_sent_at,
});

const table = (trx?: Trx) => db(trx)('saved_searches');

/** The saved search of this address with these parameters, locked for the caller's transaction. */
export async function findForUpdate(email: string, params: SearchParams, trx: Trx): Promise<SavedSearch | null> {
  const row = (await table(trx)
    .where({ email })
    .whereRaw('params = ?::jsonb', [JSON.stringify(params)])
    .forUpdate()
    .first(READ)) as SavedSearchRow | undefined;
  return row ? toSavedSearch(row) : null;
}

export async function insert(
  search: {
    userId: string | null;
    email: string;
    params: SearchParams;
    unsubscribeToken: string;
    confirmTokenHash: string | null;
  },
  trx: Trx,
): Promise<void> {
  await table(trx).insert({
    user_id: search.userId,
    email: search.email,
    params: JSON.stringify(search.params),
    unsubscribe_token: search.unsubscribeToken,
    confirm_token_hash: search.confirmTokenHash,
    confirmed_at: search.confirmTokenHash ? null : db(trx).fn.now(),
  });
}

/** A saved search not yet confirmed gets a new confirmation link (the last one sent is the one that works). */
export async function renewConfirmation(id: string, confirmTokenHash: string, trx: Trx): Promise<void> {
  await table(trx).where({ id }).whereNull('confirmed_at').update({ confirm_token_hash: confirmTokenHash });
}

/** The owner's own address confirms a saved search at once (a signed-in user saving it again). */
export async function confirmById(id: string, userId: string, trx: Trx): Promise<void> {
  await table(trx)
    .where({ id })
    .update({ user_id: userId, confirmed_at: db(trx).raw('coalesce(confirmed_at, now())'), confirm_token_hash: null });
}

export async function findByConfirmation(tokenHash: string, trx?: Trx): Promise<SavedSearch | null> {
  const row = (await table(trx).where({ confirm_token_hash: tokenHash }).first(READ)) as SavedSearchRow | undefined;
  return row ? toSavedSearch(row) : null;
}

/** Confirms the saved search of this link; false when the link is unknown (already used, or unsubscribed). */
export async function confirm(tokenHash: string, trx?: Trx): Promise<boolean> {
  const count = await table(trx)
    .where({ confirm_token_hash: tokenHash })
    .update({ confirmed_at: db(trx).fn.now(), confirm_token_hash: null });
  return count > 0;
}

export async function findByUnsubscribeToken(token: string, trx?: Trx): Promise<SavedSearch | null> {
  const row = (await table(trx).where({ unsubscribe_token: token }).first(READ)) as SavedSearchRow | undefined;
  return row ? toSavedSearch(row) : null;
}

/** Unsubscribing removes the saved search; false when there was none. */
export async function deleteByUnsubscribeToken(token: string, trx?: Trx): Promise<boolean> {
  return (await table(trx).where({ unsubscribe_token: token }).delete()) > 0;
}

/** A user's saved searches, the newest first. */
export async function listForUser(userId: string, trx?: Trx): Promise<SavedSearch[]> {
  const rows = (await table(trx)
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
    .select(READ)) as SavedSearchRow[];
  return rows.map(toSavedSearch);
}

/** "Elimina": only the user's own; false for any other id. */
export async function deleteForUser(userId: string, id: string, trx?: Trx): Promise<boolean> {
  return (await table(trx).where({ id, user_id: userId }).delete()) > 0;
}

/** The confirmed saved searches that have had no email since `dayStart`. */
export async function dueSince(dayStart: Date, trx?: Trx): Promise<SavedSearch[]> {
  const rows = (await table(trx)
    .whereNotNull('confirmed_at')
    .where((w) => w.whereNull('last_sent_at').orWhere('last_sent_at', '<', dayStart))
    .orderBy('id')
    .select(READ)) as SavedSearchRow[];
  return rows.map(toSavedSearch);
}

/**
 * Records the send at `at`, only if nobody recorded one since `previous` was read: of two job runners
 * sending the same day, one finds the row changed and sends nothing.
 */
export async function markSent(id: string, previous: Date | null, at: Date, trx: Trx): Promise<boolean> {
  const q = table(trx).where({ id }).whereNotNull('confirmed_at');
  if (previous) q.where('last_sent_at', previous);
  else q.whereNull('last_sent_at');
  return (await q.update({ last_sent_at: at })) > 0;
}
