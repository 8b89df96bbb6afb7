import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import type { ActingOrganisation } from '../lib/current-user.js';
import { isRoleOf, type Role } from '../lib/permissions.js';
import { problem, type Problem } from '../lib/problem.js';
import * as invitations from '../models/organisations/invitations.js';
import * as members from '../models/organisations/members.js';
import * as organisationWrites from '../models/organisations/write.js';
import * as users from '../models/users/read.js';
import * as userWrites from '../models/users/write.js';
import { hashPassword } from './accounts.service.js';
import { linkTokenHash, newLinkToken } from './auth-tokens.service.js';
import { queueEmail } from './mail.service.js';

/**
 * Invitations to join an organisation: an administrator invites an address with a role; the email's link
 * (/inviti/:token, single use, INVITATION_DAYS days) lets a signed-in person join with one button, or a
 * visitor register with that address: the link proved the mailbox, so the new person is verified, and
 * they belong only to the organisation that invited them.
 */

export const INVITATION_DAYS = 7;

export type InvitationProblem = Problem<'already_member' | 'role_unknown'>;

/** Invites `email` to the organisation in use with `role`; a pending invitation of the address is replaced. */
export async function invite(
  organisation: ActingOrganisation,
  inviterId: string,
  form: { email: string; role: Role },
): Promise<InvitationProblem | null> {
  if (!isRoleOf(organisation.userType, form.role)) return problem('role_unknown');
  return transaction(async (trx) => {
    const existing = await users.findByEmail(form.email, trx);
    if (existing && (await members.roleIn(organisation.id, existing.id, trx))) return problem('already_member');
    const { token, tokenHash } = newLinkToken();
    await invitations.insertInvitation(
      { organisationId: organisation.id, email: form.email, role: form.role, tokenHash, invitedBy: inviterId },
      INVITATION_DAYS * 24 * 60 * 60,
      trx,
    );
    const sent = (await invitations.findByHash(tokenHash, trx))!;
    const inviter = await users.findById(inviterId, trx);
    const inviterName = [inviter?.firstName, inviter?.lastName].filter((p) => p?.trim()).join(' ');
    await queueEmail(
      {
        to: form.email,
        template: 'invitation',
        data: {
          inviter: inviterName || inviter?.email || '',
          organisation: sent.organisationName ?? '',
          kind: sent.kind,
          role: form.role,
          days: INVITATION_DAYS,
          link: `${config().baseUrl}/inviti/${token}`,
        },
      },
      trx,
    );
    return null;
  });
}

/** "Annulla invito": false when the organisation has no such pending invitation. */
export function cancelInvitation(organisationId: string, invitationId: string): Promise<boolean> {
  return invitations.deletePending(organisationId, invitationId);
}

export type LinkState =
  | { status: 'valid'; invitation: invitations.InvitationRead; accountExists: boolean }
  | { status: 'used' | 'expired' | 'unknown' };

function stateOf(found: invitations.InvitationRead | null): 'valid' | 'used' | 'expired' | 'unknown' {
  if (!found) return 'unknown';
  if (found.acceptedAt) return 'used';
  return found.expired ? 'expired' : 'valid';
}

/** What a link is worth without using it; whether its address already has an account (then: sign in). */
export async function inspectInvitation(token: unknown): Promise<LinkState> {
  const hash = linkTokenHash(token);
  const found = hash ? await invitations.findByHash(hash) : null;
  const status = stateOf(found);
  if (status !== 'valid') return { status };
  return { status, invitation: found!, accountExists: (await users.findByEmail(found!.email)) !== null };
}

export type AcceptResult =
  | { status: 'joined'; organisationId: string; organisationName: string | null; personId: string }
  | { status: 'already_member'; organisationId: string; organisationName: string | null }
  | { status: 'email_taken' }
  | { status: 'used' | 'expired' | 'unknown' };

/** A signed-in person joins with the invitation's role (the link is used once). */
export async function acceptInvitation(token: unknown, personId: string): Promise<AcceptResult> {
  const hash = linkTokenHash(token);
  if (!hash) return { status: 'unknown' };
  return transaction(async (trx) => {
    const found = await invitations.findByHash(hash, trx);
    const status = stateOf(found);
    if (status !== 'valid') return { status };
    if (await members.roleIn(found!.organisationId, personId, trx))
      return {
        status: 'already_member',
        organisationId: found!.organisationId,
        organisationName: found!.organisationName,
      };
    const used = await invitations.markAccepted(hash, trx);
    if (!used) return { status: 'used' };
    await organisationWrites.insertMembership(used.organisationId, personId, used.role, trx);
    return {
      status: 'joined',
      organisationId: used.organisationId,
      organisationName: found!.organisationName,
      personId,
    };
  });
}

/**
 * A visitor registers from the link: a person with the invitation's address, verified, member of the
 * inviting organisation only (no organisation, no profile of their own).
 */
export async function registerInvitee(
  token: unknown,
  form: { firstName: string; lastName: string; password: string },
): Promise<AcceptResult> {
  const hash = linkTokenHash(token);
  if (!hash) return { status: 'unknown' };
  const passwordHash = await hashPassword(form.password);
  return transaction(async (trx) => {
    const found = await invitations.findByHash(hash, trx);
    const status = stateOf(found);
    if (status !== 'valid') return { status };
    if (await users.findByEmail(found!.email, trx)) return { status: 'email_taken' };
    const used = await invitations.markAccepted(hash, trx);
    if (!used) return { status: 'used' };
    const person = await userWrites.insertUser(
      {
        email: used.email,
        passwordHash,
        companyName: null,
        firstName: form.firstName,
        lastName: form.lastName,
        phone: null,
      },
      trx,
    );
    await userWrites.markEmailVerified(person.id, trx);
    await organisationWrites.insertMembership(used.organisationId, person.id, used.role, trx);
    const organisationName = found!.organisationName;
    return { status: 'joined', organisationId: used.organisationId, organisationName, personId: person.id };
  });
}
