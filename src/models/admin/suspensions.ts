import { db, type Trx } from '../../db/knex.js';

// Suspensions (migration operators_and_audit): users.suspended_at and organisations.suspended_at. A
// suspended provider organisation's profile is also inactive (provider_profiles.active), which is what takes
// its public page and its services out of search and of every public page.

/**
 * Whether signing in as `personId` is refused by a suspension: the person is suspended, or every
 * organisation they belong to is.
 */
export async function isSuspended(personId: string, trx?: Trx): Promise<boolean> {
  const row = await db(trx)('users as u')
    .where('u.id', personId)
    .first<{ suspended: boolean } | undefined>(
      db(trx).raw(`u.suspended_at IS NOT NULL OR (
        EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id) AND NOT EXISTS (
          SELECT 1 FROM memberships m JOIN organisations o ON o.id = m.organisation_id
           WHERE m.user_id = u.id AND o.suspended_at IS NULL)) AS suspended`),
    );
  return row?.suspended ?? false;
}

/**
 * When an organisation or a person was suspended (null: not suspended), locked until the transaction ends;
 * undefined for none of that id.
 */
export async function lockSuspension(
  table: 'organisations' | 'users',
  id: string,
  trx: Trx,
): Promise<Date | null | undefined> {
  const row = await trx(table)
    .where({ id })
    .forUpdate()
    .first<{ suspended_at: Date | null } | undefined>('suspended_at');
  return row ? row.suspended_at : undefined;
}

/** Suspends (now) or reactivates a person; the time written. */
export async function setPersonSuspended(id: string, suspended: boolean, trx: Trx): Promise<Date | null> {
  const [row] = await trx('users')
    .where({ id })
    .update({ suspended_at: suspended ? trx.fn.now() : null })
    .returning<{ suspended_at: Date | null }[]>('suspended_at');
  return row?.suspended_at ?? null;
}

/**
 * Suspends or reactivates an organisation, and with it its provider profile's public presence (reactivating
 * makes it public again); the time written.
 */
export async function setOrganisationSuspended(id: string, suspended: boolean, trx: Trx): Promise<Date | null> {
  const [row] = await trx('organisations')
    .where({ id })
    .update({ suspended_at: suspended ? trx.fn.now() : null })
    .returning<{ suspended_at: Date | null }[]>('suspended_at');
  // A provider page the team hid (hidden_items) stays hidden when its organisation is reactivated.
  await trx('provider_profiles')
    .where({ user_id: id })
    .update({
      active: suspended
        ? false
        : trx.raw(`NOT EXISTS (SELECT 1 FROM hidden_items h WHERE h.item_type = 'provider' AND h.item_id = ?)`, [id]),
    });
  return row?.suspended_at ?? null;
}

/** The people who belong to an organisation. */
export async function memberIdsOf(organisationId: string, trx?: Trx): Promise<string[]> {
  const rows = await db(trx)('memberships').where({ organisation_id: organisationId }).select<{ user_id: string }[]>();
  return rows.map((r) => r.user_id);
}
