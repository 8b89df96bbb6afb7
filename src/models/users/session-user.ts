import type { Knex } from 'knex';
import { db, type Trx } from '../../db/knex.js';
import { UNREAD_COUNT_CAP, type UserType } from '../../lib/current-user.js';
import { isUuid } from '../../lib/uuid.js';
import type { ClientRow } from '../clients/row.js';
import type { ProviderRow } from '../providers/row.js';
import type { UserRow } from './row.js';

// The signed-in account as every request sees it: the account, its profile's name and image, its unread
// counts (the session store's read carries it: sessions/read.ts).

/** The account with the name and image of its profile: what the header and req.user need. */
export interface SessionUser {
  id: string;
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
 * The account and its profile's name and image, with its unread counts: `findSessionUser`, and the session
 * store's read (sessions/read.ts), which joins it to the session row. `userId` is the id it is for (a binding
 * or a column of the outer query).
 */
export function sessionUserQuery(k: Knex, userId: Knex.Raw | string) {
  return k('users as u')
    .leftJoin('client_profiles as cp', function joinClient() {
      this.on('cp.user_id', 'u.id').andOn(k.raw(`u.user_type = 'client'`));
    })
    .leftJoin('provider_profiles as pp', function joinProvider() {
      this.on('pp.user_id', 'u.id').andOn(k.raw(`u.user_type = 'provider'`));
    })
    .select(
      'u.id',
      'u.email',
      'u.user_type',
      'u.email_verified_at',
      'cp.user_id as client_profile',
      'cp.company_name as client_name',
      'cp.profile_image as client_image',
      'pp.user_id as provider_profile',
      'pp.business_name as provider_name',
      'pp.profile_image as provider_image',
      // Counted up to the cap (UNREAD_COUNT_CAP): past it the header says "Più di 99". The functions
      // (migration 20261207090000) walk an index of the user's unread rows and stop at the cap in any plan;
      // the cap is a constant, not a binding, so that the prepared session read (sessions/read.ts) keeps one
      // generic plan.
      k.raw(`unread_notifications_upto(u.id, ${UNREAD_COUNT_CAP}) AS unread_notifications`),
      k.raw(`unread_messages_upto(u.id, ${UNREAD_COUNT_CAP}) AS unread_messages`),
    )
    .where('u.id', userId);
}

/**
 * A row of sessionUserQuery: the account's columns, each profile's (a left join: null without one, named
 * after its kind) and the two capped counts.
 */
export type SessionUserRow = Pick<UserRow, 'id' | 'email' | 'user_type' | 'email_verified_at'> & {
  client_profile: ClientRow['user_id'] | null;
  client_name: ClientRow['company_name'] | null;
  client_image: ClientRow['profile_image'];
  provider_profile: ProviderRow['user_id'] | null;
  provider_name: ProviderRow['business_name'] | null;
  provider_image: ProviderRow['profile_image'];
  unread_notifications: number | null;
  unread_messages: number | null;
};

export function toSessionUser(row: SessionUserRow): SessionUser {
  const kind = row.client_profile ? 'client' : row.provider_profile ? 'provider' : null;
  return {
    id: row.id,
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

export async function findSessionUser(id: string, trx?: Trx): Promise<SessionUser | null> {
  if (!isUuid(id)) return null;
  const row = await sessionUserQuery(db(trx), id).first<SessionUserRow | undefined>();
  return row ? toSessionUser(row) : null;
}
