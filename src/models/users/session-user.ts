import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { UNREAD_COUNT_CAP, type UserType } from '../../lib/current-user.js';
import type { Role } from '../../lib/permissions.js';
import { isUuid } from '../../lib/uuid.js';
import type { ClientRow } from '../clients/row.js';
import { unreadCountUpto } from '../notifications/scope.js';
import type { ProviderRow } from '../providers/row.js';
import type { UserRow } from './row.js';

// The signed-in person as every request sees them: the person, the organisation they act for (the one the
// session names, else the first they joined), their role in it, its profile's name and image and its unread
// counts (the session store's read carries it: models/sessions.ts).

/** The person, the organisation in use with its profile's name and image: what the header and req.user need. */
export interface SessionUser {
  personId: string;
  organisationId: string;
  role: Role;
  /** How many organisations the person belongs to (the header offers to switch when more than one). */
  organisationCount: number;
  email: string;
  userType: UserType;
  emailVerified: boolean;
  profileKind: 'client' | 'provider' | null;
  profileName: string | null;
  profileImage: string | null;
  unreadNotifications: number;
  unreadMessages: number;
}

/**
 * The person, the organisation they act for and its profile's name and image, with its unread counts:
 * `findSessionUser`, and the session store's read (models/sessions.ts), which joins it to the session row.
 * `personId` and `organisationId` are what it is for (bindings, or expressions of the outer query); the
 * organisation is taken only among the person's memberships, and without one (or one no longer theirs) the
 * first they joined is used (suspended organisations are skipped). A person who belongs to none has no row
 * (signed out) unless they are an operator; a suspended person has none.
 */
export function sessionUserQuery(k: Knex, personId: Knex.Raw | string, organisationId: Knex.Raw | string | null) {
  const wanted = organisationId === null ? k.raw('NULL::text') : organisationId;
  return k('users as u')
    .joinRaw(
      `LEFT JOIN LATERAL (SELECT m.organisation_id, m.role FROM memberships m
        JOIN organisations mo ON mo.id = m.organisation_id AND mo.suspended_at IS NULL WHERE m.user_id = u.id
        ORDER BY (m.organisation_id::text = ?) DESC NULLS LAST, m.created_at, m.organisation_id LIMIT 1) AS m ON true`,
      [wanted],
    )
    .leftJoin('operators as op', 'op.user_id', 'u.id')
    .leftJoin('organisations as o', 'o.id', 'm.organisation_id')
    .leftJoin('client_profiles as cp', function joinClient() {
      this.on('cp.user_id', 'o.id').andOn(k.raw(`o.kind = 'client'`));
    })
    .leftJoin('provider_profiles as pp', function joinProvider() {
      this.on('pp.user_id', 'o.id').andOn(k.raw(`o.kind = 'provider'`));
    })
    .select(
      'u.id as person_id',
      'o.id',
      'm.role',
      'u.email',
      'o.kind as user_type',
      'u.email_verified_at',
      // The organisations the header offers to switch to: a suspended one is no longer among them.
      k.raw(`(SELECT count(*) FROM memberships mc JOIN organisations oc ON oc.id = mc.organisation_id
        AND oc.suspended_at IS NULL WHERE mc.user_id = u.id)::int AS organisation_count`),
      'cp.user_id as client_profile',
      'cp.company_name as client_name',
      'cp.profile_image as client_image',
      'pp.user_id as provider_profile',
      'pp.business_name as provider_name',
      'pp.profile_image as provider_image',
      // Counted up to the cap (UNREAD_COUNT_CAP): past it the header says "Più di 99". The functions
      // (migration 20261207090000) walk an index of the organisation's unread rows and stop at the cap in any
      // plan; the cap is a constant, not a binding, so that the prepared session read (models/sessions.ts)
      // keeps one generic plan. The notifications are those the person sees (notifications/scope.ts).
      unreadCountUpto(k, k.raw('o.id'), k.raw('u.id'), 'unread_notifications'),
      k.raw(`unread_messages_upto(o.id, ${UNREAD_COUNT_CAP}) AS unread_messages`),
    )
    .select(k.raw('(op.user_id IS NOT NULL) AS operator'))
    .where('u.id', personId)
    .whereNull('u.suspended_at')
    .andWhere((q) => q.whereNotNull('m.organisation_id').orWhereNotNull('op.user_id'));
}

/**
 * A row of sessionUserQuery: the account's columns, each profile's (a left join: null without one, named
 * after its kind) and the two capped counts.
 */
export type SessionUserRow = Pick<UserRow, 'email' | 'email_verified_at'> & {
  person_id: string;
  /** The organisation's id; null (with role and user_type) for an operator, who belongs to none. */
  id: string | null;
  role: Role | null;
  user_type: UserType | null;
  operator: boolean;
  organisation_count: number;
  client_profile: ClientRow['user_id'] | null;
  client_name: ClientRow['company_name'] | null;
  client_image: ClientRow['profile_image'];
  provider_profile: ProviderRow['user_id'] | null;
  provider_name: ProviderRow['business_name'] | null;
  provider_image: ProviderRow['profile_image'];
  unread_notifications: number | null;
  unread_messages: number | null;
};

/** An operator (migration operators_and_audit): a person who runs the site and belongs to no organisation. */
export interface SessionOperator {
  operator: true;
  personId: string;
  email: string;
  emailVerified: boolean;
}

/** Whoever a session is signed in as: a member acting for an organisation, or an operator. */
export type SessionPerson = SessionUser | SessionOperator;

export function isSessionOperator(person: SessionPerson): person is SessionOperator {
  return 'operator' in person;
}

export function toSessionUser(row: SessionUserRow): SessionPerson {
  // An operator is a member of no organisation (operator:create refuses a member's address).
  if (row.id === null || row.role === null || row.user_type === null) {
    return { operator: true, personId: row.person_id, email: row.email, emailVerified: row.email_verified_at !== null };
  }
  const kind = row.client_profile ? 'client' : row.provider_profile ? 'provider' : null;
  return {
    personId: row.person_id,
    organisationId: row.id,
    role: row.role,
    organisationCount: Number(row.organisation_count),
    email: row.email,
    userType: row.user_type,
    emailVerified: row.email_verified_at !== null,
    profileKind: kind,
    profileName: kind === 'client' ? row.client_name : kind === 'provider' ? row.provider_name : null,
    profileImage: kind === 'client' ? row.client_image : kind === 'provider' ? row.provider_image : null,
    unreadNotifications: Number(row.unread_notifications ?? 0),
    unreadMessages: Number(row.unread_messages ?? 0),
  };
}

/**
 * Whoever `personId` signs in as: acting for `organisationId` (when they belong to it, else their first
 * organisation not suspended), or an operator; null for a suspended person or one with no organisation left.
 */
export async function findSessionPerson(
  personId: string,
  organisationId: string | null,
  trx?: Trx,
): Promise<SessionPerson | null> {
  if (!isUuid(personId)) return null;
  const row = await sessionUserQuery(db(trx), personId, organisationId).first<SessionUserRow | undefined>();
  return row ? toSessionUser(row) : null;
}

/** The member `personId` acting for `organisationId` (when they belong to it, else their first organisation). */
export async function findSessionUser(
  personId: string,
  organisationId: string | null,
  trx?: Trx,
): Promise<SessionUser | null> {
  const person = await findSessionPerson(personId, organisationId, trx);
  return person && !isSessionOperator(person) ? person : null;
}
