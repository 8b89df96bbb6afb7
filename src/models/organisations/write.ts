import { db, type Trx } from '../../db/knex.js';
import type { UserType } from '../../lib/current-user.js';
import type { Role } from '../../lib/permissions.js';

// Organisations and their members (migration 20261223100000). An organisation made at registration takes
// the id of the person who registered it.

/** A new organisation of `kind` with `founderId` as its administrator. */
export async function insertOrganisation(founderId: string, kind: UserType, trx?: Trx): Promise<void> {
  await db(trx)('organisations').insert({ id: founderId, kind });
  await insertMembership(founderId, founderId, 'admin', trx);
}

export async function insertMembership(organisationId: string, personId: string, role: Role, trx?: Trx): Promise<void> {
  await db(trx)('memberships').insert({ organisation_id: organisationId, user_id: personId, role });
}
