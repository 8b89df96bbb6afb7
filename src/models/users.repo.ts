import type { Knex } from 'knex';
import { db, type Trx } from '../db/knex.js';
import { UNREAD_COUNT_CAP, type UserType } from '../lib/current-user.js';
import { isUuid } from '../lib/uuid.js';

export interface User {
  id: string;
  email: string;
  passwordHash: string;
  userType: UserType;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The unique index that makes one address one account, whatever its capitalisation (migration create_users). */
const EMAIL_UNIQUE_INDEX = 'users_email_lower_unique';

/** True when `err` is PostgreSQL refusing a second account for an address (23505 on EMAIL_UNIQUE_INDEX). */
export function isEmailTaken(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === EMAIL_UNIQUE_INDEX;
}

const USER_COLUMNS: readonly string[] = [
  'users.id',
  'users.email',
  'users.password_hash',
  'users.user_type',
  'users.company_name',
  'users.first_name',
  'users.last_name',
  'users.phone',
  'users.email_verified_at',
  'users.last_login_at',
  'users.created_at',
  'users.updated_at',
];

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  user_type: UserType;
  company_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email_verified_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    userType: row.user_type,
    companyName: row.company_name,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    emailVerifiedAt: row.email_verified_at,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findById(id: string, trx?: Trx): Promise<User | null> {
  if (!isUuid(id)) return null;
  const row = await db(trx)('users').first<UserRow | undefined>(USER_COLUMNS).where('users.id', id);
  return row ? toUser(row) : null;
}

export async function findByEmail(email: string, trx?: Trx): Promise<User | null> {
  const row = await db(trx)('users')
    .first<UserRow | undefined>(USER_COLUMNS)
    .whereRaw('lower(users.email) = lower(?)', [email.trim()]);
  return row ? toUser(row) : null;
}

/** The account with the name and image of its profile: what the header and req.user need. */
export interface SessionUserRow {
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
 * store's read (sessions.repo), which joins it to the session row. `userId` is the id it is for (a binding
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
      // the cap is a constant, not a binding, so that the prepared session read (sessions.repo) keeps one
      // generic plan.
      k.raw(`unread_notifications_upto(u.id, ${UNREAD_COUNT_CAP}) AS unread_notifications`),
      k.raw(`unread_messages_upto(u.id, ${UNREAD_COUNT_CAP}) AS unread_messages`),
    )
    .where('u.id', userId);
}

/** A row of sessionUserQuery. */
export interface SessionUserDbRow {
  id: string;
  email: string;
  user_type: UserType;
  email_verified_at: Date | null;
  client_profile: string | null;
  client_name: string | null;
  client_image: string | null;
  provider_profile: string | null;
  provider_name: string | null;
  provider_image: string | null;
  unread_notifications: number | null;
  unread_messages: number | null;
}

export function toSessionUser(row: SessionUserDbRow): SessionUserRow {
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

export async function findSessionUser(id: string, trx?: Trx): Promise<SessionUserRow | null> {
  if (!isUuid(id)) return null;
  const row = await sessionUserQuery(db(trx), id).first<SessionUserDbRow | undefined>();
  return row ? toSessionUser(row) : null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  userType: UserType;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

/** A new, unverified account. The unique index on lower(email) rejects a second account per address. */
export async function insertUser(user: NewUser, trx?: Trx): Promise<User> {
  const [row] = await db(trx)('users')
    .insert({
      email: user.email,
      password_hash: user.passwordHash,
      user_type: user.userType,
      company_name: user.companyName,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
    })
    .returning<UserRow[]>(USER_COLUMNS.map((c) => c.replace('users.', '')));
  return toUser(row!);
}

export async function updatePasswordHash(id: string, passwordHash: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .update({ password_hash: passwordHash, updated_at: db(trx).fn.now() });
}

/** Marks the address as confirmed (once: a later confirmation keeps the first date). */
export async function markEmailVerified(id: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .whereNull('email_verified_at')
    .update({ email_verified_at: db(trx).fn.now(), updated_at: db(trx).fn.now() });
}

export async function touchLastLogin(id: string, trx?: Trx): Promise<void> {
  await db(trx)('users')
    .where({ id })
    .update({ last_login_at: db(trx).fn.now() });
}
