import { db } from '../../../src/db/knex.js';
import {
  CLIENT_ROLES,
  PROVIDER_ROLES,
  type ClientRole,
  type Member,
  type ProviderRole,
} from '../../../src/lib/permissions.js';
import { createMember } from '../../factories/index.js';
import type { Agent } from '../../helpers/auth.js';
import { signIn, type Account } from '../booking.helpers.js';

/**
 * The members of the security suite's organisations: besides the person who founded each (its first
 * administrator: clientA, clientB, providerA, providerB), a second person with each role of its kind, who
 * signs in and acts for it. Organisation B is the stranger to A's records, whatever the role.
 */

export type Organisation = 'clientA' | 'clientB' | 'providerA' | 'providerB';
export type MemberActor = `${'clientA' | 'clientB'}:${ClientRole}` | `${'providerA' | 'providerB'}:${ProviderRole}`;

const ORGANISATIONS: readonly Organisation[] = ['clientA', 'clientB', 'providerA', 'providerB'];

const rolesOf = (organisation: Organisation): readonly string[] =>
  organisation.startsWith('client') ? CLIENT_ROLES : PROVIDER_ROLES;

export const MEMBERS: readonly MemberActor[] = ORGANISATIONS.flatMap((o) =>
  rolesOf(o).map((role) => `${o}:${role}` as MemberActor),
);

/**
 * The external RSPP: client A's Responsabile sicurezza, also a member of client B's organisation (joined
 * later, so A is the one in use when they sign in). Their "Le mie organizzazioni" page offers the switch.
 */
export const CONSULTANT: MemberActor = 'clientA:safety';

/** The organisation an actor acts for: a founder's own, a member's; null for a visitor. */
export function organisationOf(actor: string): Organisation | null {
  const organisation = actor.split(':')[0] as Organisation;
  return ORGANISATIONS.includes(organisation) ? organisation : null;
}

/** The actor as the permissions table sees them: a founder is their organisation's administrator. */
export function memberOf(actor: string): Member | null {
  const organisation = organisationOf(actor);
  if (!organisation) return null;
  const role = (actor.split(':')[1] ?? 'admin') as Member['role'];
  return { userType: organisation.startsWith('client') ? 'client' : 'provider', role };
}

/** Makes the members of the founders' organisations and signs each of them in. */
export async function addMembers(
  founders: Record<Organisation, Account>,
): Promise<{ accounts: Record<MemberActor, Account>; agents: Record<MemberActor, Agent> }> {
  const accounts = {} as Record<MemberActor, Account>;
  const agents = {} as Record<MemberActor, Agent>;
  for (const actor of MEMBERS) {
    const organisation = organisationOf(actor)!;
    accounts[actor] = await createMember(founders[organisation].id, memberOf(actor)!.role);
  }
  await db()('memberships').insert({
    organisation_id: founders.clientB.id,
    user_id: accounts[CONSULTANT].id,
    role: 'safety',
    created_at: db().raw(`now() + interval '1 minute'`),
  });
  for (const actor of MEMBERS) agents[actor] = await signIn(accounts[actor]);
  return { accounts, agents };
}
