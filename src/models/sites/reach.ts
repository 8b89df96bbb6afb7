import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import type { CurrentUser } from '../../lib/current-user.js';
import { grantOf, type Action } from '../../lib/permissions.js';

/**
 * What of an organisation's records a member reaches: all of them, or, for a site referent (the `sites`
 * grant of the permissions table), those of the sites assigned to them. The register of workers, the
 * scadenzario and the bookings narrow their queries with it (siteWithinReach), each in its one query
 * helper.
 */
export interface Reach {
  organisationId: string;
  /** The site referent whose assigned sites bound what is reached; null for the whole organisation. */
  referentId: string | null;
}

/** The whole organisation: its administrator's reach, and the jobs'. */
export function wholeOrganisation(organisationId: string): Reach {
  return { organisationId, referentId: null };
}

/** The member's reach for `action`: narrowed to their assigned sites when their grant is `sites`. */
export function reachOf(
  member: Pick<CurrentUser, 'organisationId' | 'personId' | 'userType' | 'role'>,
  action: Action,
): Reach {
  const narrowed = grantOf(member, action) === 'sites';
  return { organisationId: member.organisationId, referentId: narrowed ? member.personId : null };
}

/** The ids of the sites assigned to the reach's referent (a sub-query), for whereIn. */
export function assignedSiteIds(reach: Reach, trx?: Trx): Knex.QueryBuilder {
  return db(trx)('membership_sites')
    .select('site_id')
    .where({ organisation_id: reach.organisationId, user_id: reach.referentId });
}

/**
 * Keeps the rows of `q` whose site (the column `siteColumn`) is one of the referent's; the whole
 * organisation's reach keeps them all (the caller has already bounded `q` to the organisation).
 */
export function siteWithinReach<Q extends Knex.QueryBuilder>(q: Q, reach: Reach, siteColumn: string, trx?: Trx): Q {
  if (reach.referentId === null) return q;
  return q.whereIn(siteColumn, assignedSiteIds(reach, trx)) as Q;
}
