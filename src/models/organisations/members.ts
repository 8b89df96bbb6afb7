import { db, type Trx } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import type { Role } from '../../lib/permissions.js';

// The members of an organisation (memberships joined to the people), as its administrators manage them.

export interface OrganisationMember {
  personId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  joinedAt: Date;
}

/** The members of `organisationId`: administrators first, then in the order they joined. */
export async function membersOf(organisationId: string, trx?: Trx): Promise<OrganisationMember[]> {
  const rows = await db(trx)('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.organisation_id', organisationId)
    .orderByRaw(`(m.role = 'admin') DESC, m.created_at, m.user_id`)
    .select<
      {
        user_id: string;
        email: string;
        first_name: string | null;
        last_name: string | null;
        role: Role;
        created_at: Date;
      }[]
    >('m.user_id', 'u.email', 'u.first_name', 'u.last_name', 'm.role', 'm.created_at');
  return rows.map((r) => ({
    personId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    joinedAt: r.created_at,
  }));
}

/**
 * The kind of `organisationId`, its row locked until the transaction ends: two administrators changing
 * members at the same moment take turns, so that the last administrator cannot be removed by both at once.
 */
export async function lockOrganisation(organisationId: string, trx: Trx): Promise<UserType | null> {
  const row = await trx('organisations').where({ id: organisationId }).forUpdate().first<{ kind: UserType }>('kind');
  return row?.kind ?? null;
}

/** The role of `personId` in `organisationId`; null when they are not a member. */
export async function roleIn(organisationId: string, personId: string, trx?: Trx): Promise<Role | null> {
  const row = await db(trx)('memberships')
    .where({ organisation_id: organisationId, user_id: personId })
    .first<{ role: Role } | undefined>('role');
  return row?.role ?? null;
}

export async function adminCount(organisationId: string, trx?: Trx): Promise<number> {
  const row = await db(trx)('memberships')
    .where({ organisation_id: organisationId, role: 'admin' })
    .count<{ count: string | number }[]>('* as count');
  return Number(row[0]?.count ?? 0);
}

export async function updateRole(organisationId: string, personId: string, role: Role, trx?: Trx): Promise<void> {
  await db(trx)('memberships').where({ organisation_id: organisationId, user_id: personId }).update({ role });
}

export async function deleteMembership(organisationId: string, personId: string, trx?: Trx): Promise<void> {
  await db(trx)('memberships').where({ organisation_id: organisationId, user_id: personId }).delete();
}
