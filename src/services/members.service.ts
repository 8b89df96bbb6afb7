import { isUuid } from '../lib/uuid.js';
import { transaction } from '../db/knex.js';
import { isRoleOf, type Role } from '../lib/permissions.js';
import { problem, type Problem } from '../lib/problem.js';
import * as invitations from '../models/organisations/invitations.js';
import * as members from '../models/organisations/members.js';
import * as organisationReads from '../models/organisations/read.js';

export type { OrganisationMember } from '../models/organisations/members.js';
export type { Membership } from '../models/organisations/read.js';

/**
 * "Membri": an administrator changes the role of a member of the organisation in use or removes them. An
 * organisation keeps at least one administrator. Each request reads the membership again
 * (models/users/session-user.ts), so a change or a removal holds from the member's next request.
 */

export type MemberProblem = Problem<'last_admin' | 'not_member' | 'role_unknown'>;

export interface MembersOverview {
  members: members.OrganisationMember[];
  invitations: invitations.PendingInvitation[];
}

/**
 * The organisations `personId` may act for, in the order they joined them ("Le mie organizzazioni"): a
 * suspended one is neither listed nor chosen (the session would not use it anyway).
 */
export async function organisationsOf(personId: string): Promise<organisationReads.Membership[]> {
  return (await organisationReads.membershipsOf(personId)).filter((m) => !m.suspended);
}

/** The membership of `personId` in organisation `id` (a form's value); null when they have none there. */
export async function membershipIn(personId: string, id: unknown): Promise<organisationReads.Membership | null> {
  if (typeof id !== 'string' || !isUuid(id)) return null;
  return (await organisationsOf(personId)).find((m) => m.organisationId === id) ?? null;
}

export async function membersOverview(organisationId: string): Promise<MembersOverview> {
  const [list, pending] = await Promise.all([members.membersOf(organisationId), invitations.pendingOf(organisationId)]);
  return { members: list, invitations: pending };
}

/**
 * Changes `personId`'s role in `organisationId`. Refused for someone not a member, a role of the other kind
 * of organisation, and the demotion of the last administrator.
 */
export async function changeRole(organisationId: string, personId: string, role: Role): Promise<MemberProblem | null> {
  return transaction(async (trx) => {
    const kind = await members.lockOrganisation(organisationId, trx);
    if (!kind || !isRoleOf(kind, role)) return problem('role_unknown');
    const current = await members.roleIn(organisationId, personId, trx);
    if (!current) return problem('not_member');
    if (current === 'admin' && role !== 'admin' && (await members.adminCount(organisationId, trx)) <= 1)
      return problem('last_admin');
    await members.updateRole(organisationId, personId, role, trx);
    return null;
  });
}

/** Removes `personId` from `organisationId`; never its last administrator. */
export async function removeMember(organisationId: string, personId: string): Promise<MemberProblem | null> {
  return transaction(async (trx) => {
    await members.lockOrganisation(organisationId, trx);
    const current = await members.roleIn(organisationId, personId, trx);
    if (!current) return problem('not_member');
    if (current === 'admin' && (await members.adminCount(organisationId, trx)) <= 1) return problem('last_admin');
    await members.deleteMembership(organisationId, personId, trx);
    return null;
  });
}
