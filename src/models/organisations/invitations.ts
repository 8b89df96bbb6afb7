import { db, type Trx } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import type { Role } from '../../lib/permissions.js';

// The invitations table (migration 20261224100000): links to join an organisation, stored as their SHA-256.

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  /** By the database's clock. */
  expired: boolean;
}

/** What a link leads to: the invitation, its organisation's kind and name, whether it can still be used. */
export interface InvitationRead extends PendingInvitation {
  organisationId: string;
  kind: UserType;
  organisationName: string | null;
  acceptedAt: Date | null;
}

interface InvitationRow {
  id: string;
  organisation_id: string;
  email: string;
  role: Role;
  expires_at: Date;
  accepted_at: Date | null;
  expired: boolean;
  kind: UserType;
  name: string | null;
}

/** A new invitation valid `ttlSeconds` from the database's now(), replacing the address's pending one. */
export async function insertInvitation(
  invitation: { organisationId: string; email: string; role: Role; tokenHash: string; invitedBy: string },
  ttlSeconds: number,
  trx?: Trx,
): Promise<void> {
  await db(trx)('invitations')
    .where({ organisation_id: invitation.organisationId })
    .whereRaw('lower(email) = lower(?)', [invitation.email])
    .whereNull('accepted_at')
    .delete();
  await db(trx)('invitations').insert({
    organisation_id: invitation.organisationId,
    email: invitation.email,
    role: invitation.role,
    token_hash: invitation.tokenHash,
    invited_by: invitation.invitedBy,
    expires_at: db(trx).raw('now() + make_interval(secs => ?)', [ttlSeconds]),
  });
}

/** The invitations of `organisationId` not accepted yet (expired ones too), newest first. */
export async function pendingOf(organisationId: string, trx?: Trx): Promise<PendingInvitation[]> {
  const rows = await db(trx)('invitations')
    .where({ organisation_id: organisationId })
    .whereNull('accepted_at')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
    .select<InvitationRow[]>('id', 'email', 'role', 'expires_at', db(trx).raw('expires_at <= now() AS expired'));
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, expiresAt: r.expires_at, expired: r.expired }));
}

/** The invitation whose link has this digest, with its organisation; null for none. */
export async function findByHash(tokenHash: string, trx?: Trx): Promise<InvitationRead | null> {
  const row = await db(trx)('invitations as i')
    .join('organisations as o', 'o.id', 'i.organisation_id')
    .leftJoin('client_profiles as cp', 'cp.user_id', 'o.id')
    .leftJoin('provider_profiles as pp', 'pp.user_id', 'o.id')
    .where('i.token_hash', tokenHash)
    .first<InvitationRow | undefined>(
      'i.id',
      'i.organisation_id',
      'i.email',
      'i.role',
      'i.expires_at',
      'i.accepted_at',
      'o.kind',
      db(trx).raw('coalesce(cp.company_name, pp.business_name) AS name'),
      db(trx).raw('i.expires_at <= now() AS expired'),
    );
  if (!row) return null;
  return {
    id: row.id,
    organisationId: row.organisation_id,
    email: row.email,
    role: row.role,
    expiresAt: row.expires_at,
    expired: row.expired,
    acceptedAt: row.accepted_at,
    kind: row.kind,
    organisationName: row.name,
  };
}

/**
 * Uses an invitation once: only one neither accepted nor expired is marked accepted, in one statement, so
 * two clicks cannot both join. Returns its organisation and role, or null.
 */
export async function markAccepted(
  tokenHash: string,
  trx: Trx,
): Promise<{ organisationId: string; email: string; role: Role } | null> {
  const [row] = await trx('invitations')
    .where({ token_hash: tokenHash })
    .whereNull('accepted_at')
    .where('expires_at', '>', trx.fn.now())
    .update({ accepted_at: trx.fn.now() })
    .returning<Pick<InvitationRow, 'organisation_id' | 'email' | 'role'>[]>(['organisation_id', 'email', 'role']);
  return row ? { organisationId: row.organisation_id, email: row.email, role: row.role } : null;
}

/** "Annulla invito": the pending invitation `id` of `organisationId` is deleted; false when there is none. */
export async function deletePending(organisationId: string, id: string, trx?: Trx): Promise<boolean> {
  const deleted = await db(trx)('invitations')
    .where({ organisation_id: organisationId, id })
    .whereNull('accepted_at')
    .delete();
  return deleted > 0;
}
