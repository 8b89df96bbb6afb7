import { transaction, type Trx } from '../db/knex.js';
import * as accounts from '../models/admin/accounts.js';

export { ACCOUNTS_PER_PAGE, searchOrganisations, searchPeople } from '../models/admin/accounts.js';
import { bookingCountsOf, openBookingsOf } from '../models/admin/bookings.js';
import {
  lockSuspension,
  memberIdsOf,
  setOrganisationSuspended,
  setPersonSuspended,
} from '../models/admin/suspensions.js';
import { deleteForUser } from '../models/sessions.js';
import { recordAudit } from './audit.service.js';

/**
 * The console's accounts: what an operator reads of an organisation or a person, and suspending or
 * reactivating one. A suspension ends the affected people's sessions at once (each request reads the
 * person again, and a suspended one, or one whose organisations are all suspended, has no session user:
 * models/users/session-user.ts); a suspended provider leaves search and the public pages with its
 * profile (provider_profiles.active). Each change writes the audit trail in its own transaction.
 */

export type SubjectKind = 'organisation' | 'person';
export type SuspensionResult = 'done' | 'unchanged' | 'not_found';

export async function organisationDetail(id: string) {
  const organisation = await accounts.findOrganisation(id);
  if (!organisation) return null;
  const [members, bookings, openBookings] = await Promise.all([
    accounts.membersOf(id),
    bookingCountsOf(id),
    openBookingsOf(id),
  ]);
  return { organisation, members, bookings, openBookings };
}

export async function personDetail(id: string) {
  const person = await accounts.findPerson(id);
  if (!person) return null;
  return { person, memberships: await accounts.membershipsOfPerson(id) };
}

async function endSessions(personIds: readonly string[], trx: Trx): Promise<void> {
  for (const id of personIds) await deleteForUser(id, trx);
}

const stamp = (at: Date | null): string | null => (at ? at.toISOString() : null);

/**
 * Suspends (`suspend` true) or reactivates an organisation or a person for an operator, with the reason
 * they gave: 'unchanged' when it already stood so.
 */
export function setSuspension(
  operatorId: string,
  kind: SubjectKind,
  id: string,
  suspend: boolean,
  reason: string,
): Promise<SuspensionResult> {
  return transaction(async (trx) => {
    const before = await lockSuspension(kind === 'organisation' ? 'organisations' : 'users', id, trx);
    if (before === undefined) return 'not_found';
    if ((before !== null) === suspend) return 'unchanged';
    const after =
      kind === 'organisation'
        ? await setOrganisationSuspended(id, suspend, trx)
        : await setPersonSuspended(id, suspend, trx);
    if (suspend) await endSessions(kind === 'organisation' ? await memberIdsOf(id, trx) : [id], trx);
    await recordAudit(
      { operatorId, reason },
      {
        action: `${kind}.${suspend ? 'suspend' : 'reactivate'}`,
        subjectType: kind,
        subjectId: id,
        before: { suspendedAt: stamp(before) },
        after: { suspendedAt: stamp(after) },
      },
      trx,
    );
    return 'done';
  });
}
