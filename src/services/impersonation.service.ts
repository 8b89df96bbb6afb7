import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import { supportAccessEmail, supportAccessNotice, type SupportAccess } from '../documents/support-access.js';
import type { ImpersonationEnd } from '../lib/impersonation.js';
import { problem, type Problem } from '../lib/problem.js';
import { findPerson, membershipsOfPerson, type MembershipLine, type PersonSummary } from '../models/admin/accounts.js';
import {
  findOpenImpersonation,
  lapsedImpersonations,
  listForPerson,
  type SupportAccessLine,
} from '../models/impersonations/read.js';
import type { ImpersonationRecord } from '../models/impersonations/row.js';
import { endImpersonationRow, insertImpersonation } from '../models/impersonations/write.js';
import { writeNotices } from '../models/notifications/notices.js';
import { findSessionUser, type SessionUser } from '../models/users/session-user.js';
import { recordAudit } from './audit.service.js';
import { emailJobs } from './mail.service.js';

/**
 * "Accedi come": an operator sees the site as one person in one of their organisations, read-only, for
 * IMPERSONATION_MINUTES. Not an operator (operators are no party, and one operator never acts as another),
 * not a suspended person, not in a suspended organisation: they could not sign in either, and the console
 * shows what support needs of them. The person's own sessions are left alone. The audit trail records the
 * start (the reason, the person, the organisation, the time limit) and the end (how it ended), each in the
 * transaction that makes it. The person is told at the start, in the same transaction: an email to them,
 * and a notification in the organisation they are seen in addressed to them alone (its other members do not
 * see it: models/notifications/scope.ts).
 */

/** Where the person lists the support accesses to their account (account's "Accessi dell'assistenza"). */
export const SUPPORT_ACCESSES_PATH = '/account/accessi-assistenza';

export type { SupportAccessLine };

export type ImpersonationRefusal = 'operator' | 'suspended' | 'no_organisation';
export type StartProblem = Problem<ImpersonationRefusal | 'organisation'>;

/** Whom the form offers: the person, the organisations they may be seen in, or why none. */
export interface ImpersonationChoice {
  person: PersonSummary;
  organisations: MembershipLine[];
  refusal: ImpersonationRefusal | null;
}

export async function impersonationChoice(personId: string): Promise<ImpersonationChoice | null> {
  const person = await findPerson(personId);
  if (!person) return null;
  const organisations = (await membershipsOfPerson(personId)).filter((m) => m.suspendedAt === null);
  const refusal: ImpersonationRefusal | null = person.operator
    ? 'operator'
    : person.suspendedAt
      ? 'suspended'
      : organisations.length === 0
        ? 'no_organisation'
        : null;
  return { person, organisations: refusal ? [] : organisations, refusal };
}

const AUDIT = { start: 'person.impersonation.start', end: 'person.impersonation.end' } as const;

/** Starts an impersonation of `personId` in `organisationId` for an operator; null for an unknown person. */
export async function startImpersonation(
  operatorId: string,
  personId: string,
  organisationId: string,
  reason: string,
): Promise<{ ok: true; impersonation: ImpersonationRecord } | { ok: false; problem: StartProblem } | null> {
  const choice = await impersonationChoice(personId);
  if (!choice) return null;
  if (choice.refusal) return { ok: false, problem: problem(choice.refusal) };
  const organisation = choice.organisations.find((o) => o.organisationId === organisationId);
  if (!organisation) return { ok: false, problem: problem('organisation') };
  const minutes = config().impersonationMinutes;
  const impersonation = await transaction(async (trx) => {
    const made = await insertImpersonation({ operatorId, personId, organisationId, reason, minutes }, trx);
    await tellPerson(choice.person, { ...made, organisationName: organisation.name, minutes }, trx);
    await recordAudit(
      { operatorId, reason },
      {
        action: AUDIT.start,
        subjectType: 'person',
        subjectId: personId,
        before: null,
        after: { impersonationId: made.id, organisationId, expiresAt: made.expiresAt.toISOString() },
      },
      trx,
    );
    return made;
  });
  return { ok: true, impersonation };
}

/** The person's email and their own notification (in that organisation) of a support access that starts now. */
async function tellPerson(
  person: { id: string; email: string; name: string },
  access: Omit<SupportAccess, 'personName'> & { organisationId: string },
  trx: Trx,
): Promise<void> {
  const words: SupportAccess = { ...access, personName: person.name };
  const link = `${config().baseUrl}${SUPPORT_ACCESSES_PATH}`;
  await writeNotices(
    {
      notifications: [
        {
          userId: access.organisationId,
          recipientUserId: person.id,
          type: 'system',
          ...supportAccessNotice(words),
          data: { target: SUPPORT_ACCESSES_PATH, person_id: person.id },
        },
      ],
      jobs: emailJobs([{ to: person.email, template: 'support-access', data: supportAccessEmail(words, link) }]),
    },
    trx,
  );
}

/** The support accesses to a person's account, newest first (their account's "Accessi dell'assistenza"). */
export function supportAccessesOf(personId: string): Promise<SupportAccessLine[]> {
  return listForPerson(personId, SUPPORT_ACCESSES_SHOWN);
}

/** How many the account's list shows: a person has few; the audit trail keeps them all. */
export const SUPPORT_ACCESSES_SHOWN = 50;

/** Ends it once, with its audit record; the row as ended, or null when something else ended it first. */
function endOnce(id: string, how: ImpersonationEnd): Promise<ImpersonationRecord | null> {
  return transaction(async (trx) => {
    const ended = await endImpersonationRow(id, how, trx);
    if (!ended) return null;
    await recordAudit(
      { operatorId: ended.operatorId, reason: ended.reason },
      {
        action: AUDIT.end,
        subjectType: 'person',
        subjectId: ended.personId,
        before: { impersonationId: ended.id, organisationId: ended.organisationId },
        after: { impersonationId: ended.id, how, endedAt: ended.endedAt?.toISOString() ?? null },
      },
      trx,
    );
    return ended;
  });
}

/** What a request of the operator's session finds: the person to show the site as, or the end of it. */
export type CurrentImpersonation =
  | { status: 'active'; record: ImpersonationRecord; personName: string; user: SessionUser }
  | { status: 'over'; how: ImpersonationEnd | null; personId: string | null };

/**
 * The operator's impersonation `id` as this request finds it: active, with the person as they sign in to
 * that organisation; or over, ended now when its time is up ('expired') or when the person or the
 * organisation can no longer be used ('unavailable': suspended, the membership gone).
 */
export async function currentImpersonation(id: string, operatorId: string): Promise<CurrentImpersonation> {
  const open = await findOpenImpersonation(id, operatorId);
  if (!open) return { status: 'over', how: null, personId: null };
  if (open.lapsed) {
    await endOnce(open.id, 'expired');
    return { status: 'over', how: 'expired', personId: open.personId };
  }
  const user = await findSessionUser(open.personId, open.organisationId);
  if (!user || user.organisationId !== open.organisationId) {
    await endOnce(open.id, 'unavailable');
    return { status: 'over', how: 'unavailable', personId: open.personId };
  }
  return { status: 'active', record: open, personName: open.personName, user };
}

/** The operator ends their impersonation (the banner's "Termina", or signing out); the person's id, or null. */
export async function endImpersonation(
  id: string,
  operatorId: string,
  how: 'ended' | 'signed_out',
): Promise<string | null> {
  const open = await findOpenImpersonation(id, operatorId);
  if (!open) return null;
  await endOnce(open.id, open.lapsed ? 'expired' : how);
  return open.personId;
}

/**
 * The job runner's periodic task: ends the impersonations whose time is up that no request noticed (the
 * operator left without ending it), so that the audit trail has the end of each. How many it ended.
 */
export async function closeLapsedImpersonations(): Promise<number> {
  const lapsed = await lapsedImpersonations(100);
  let ended = 0;
  for (const row of lapsed) if (await endOnce(row.id, 'expired')) ended += 1;
  return ended;
}
