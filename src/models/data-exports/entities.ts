import { db, type Trx } from '../../db/knex.js';

/**
 * The user's data, entity by entity: what "Scarica i tuoi dati" puts in the archive and what "Elimina
 * account" does to it (docs/product.md §2 "Il mio account"). The archive has one JSON file per entity, the
 * rows of one table that belong to the user (`where`, bound to the user's id wherever it says `:user`):
 * the person's own rows and those of the organisation they registered, which has their id
 * (migration 20261223100000). Every table with a foreign key to users or to organisations is either here or
 * in NOT_EXPORTED, with the reason; a test holds
 * that list to the schema, so a new table cannot be forgotten. Each entity's `erasure` says what erasing
 * the account does to its rows; the erasure (models/erasure) has one statement per table of this list and
 * the privacy page's "Conservazione dei dati" is written from it (pages/retention.page.ts).
 */
export interface ExportedEntity {
  table: string;
  where: string;
  /** Columns never given out: secrets, hashes, search internals. */
  omit?: readonly string[];
  erasure: Erasure;
}

/**
 * Why a record outlives the account, and for how long: the bookings and payments are accounting records
 * (art. 2220 c.c., 10 years); the course registers and attestati are kept by the training body for 10 years
 * (Accordo Stato-Regioni 17/04/2025); messages stay with the other party of the conversation, as long as
 * their account lasts.
 */
export const RETENTION_BASES = Object.freeze({
  tax: { years: 10 },
  training_register: { years: 10 },
  other_party: { years: null },
} as const);
export type RetentionBasis = keyof typeof RETENTION_BASES;

/**
 * What erasing the account does to an entity's rows: deleted; kept but with nothing left that names the
 * person; or kept, anonymised, because the law (or the other party) needs the record. `topic` groups the
 * entities as the privacy page lists them: every entity of a topic has the same fate.
 */
export type Erasure =
  | { fate: 'erased'; topic: RetentionTopic }
  | { fate: 'anonymised'; topic: RetentionTopic }
  | { fate: 'kept'; topic: RetentionTopic; basis: RetentionBasis };

export const RETENTION_TOPICS = [
  'account',
  'security',
  'profile',
  'availability',
  'catalogue',
  'files',
  'bookings',
  'waitlist',
  'register',
  'workers',
  'messages',
  'reviews',
  'alerts',
  'contact',
  'notifications',
] as const;
export type RetentionTopic = (typeof RETENTION_TOPICS)[number];

const erased = (topic: RetentionTopic): Erasure => ({ fate: 'erased', topic });
const anonymised = (topic: RetentionTopic): Erasure => ({ fate: 'anonymised', topic });
const kept = (topic: RetentionTopic, basis: RetentionBasis): Erasure => ({ fate: 'kept', topic, basis });

const OWN_BOOKINGS = 'booking_id IN (SELECT id FROM bookings WHERE client_id = :user OR provider_id = :user)';
const OWN_PROFILE = 'provider_id = :user';

export const EXPORTED_ENTITIES: readonly ExportedEntity[] = Object.freeze([
  {
    table: 'users',
    where: 'id = :user',
    omit: ['password_hash', 'totp_secret', 'totp_last_step'],
    erasure: anonymised('account'),
  },
  { table: 'memberships', where: 'user_id = :user OR organisation_id = :user', erasure: erased('security') },
  { table: 'client_profiles', where: 'user_id = :user', erasure: anonymised('profile') },
  { table: 'provider_profiles', where: 'user_id = :user', erasure: anonymised('profile') },
  { table: 'provider_calendars', where: OWN_PROFILE, erasure: erased('availability') },
  { table: 'provider_closures', where: OWN_PROFILE, erasure: erased('availability') },
  {
    table: 'services',
    where: OWN_PROFILE,
    omit: ['search_vector', 'search_text', 'creation_key'],
    erasure: anonymised('catalogue'),
  },
  { table: 'service_images', where: 'owner_id = :user', erasure: erased('files') },
  { table: 'course_editions', where: OWN_PROFILE, erasure: kept('register', 'training_register') },
  {
    table: 'bookings',
    // A provider's archive holds no request its client never approved: it never received it.
    where: `client_id = :user OR (provider_id = :user AND status NOT IN ('awaiting_approval', 'not_approved'))`,
    erasure: kept('bookings', 'tax'),
  },
  {
    table: 'booking_approvals',
    where: `requested_by = :user OR decided_by = :user OR booking_id IN (SELECT id FROM bookings WHERE client_id = :user)`,
    erasure: kept('bookings', 'tax'),
  },
  { table: 'approval_rules', where: 'organisation_id = :user', erasure: erased('security') },
  {
    table: 'booking_events',
    where: 'organisation_id = :user OR member_id = :user',
    erasure: kept('bookings', 'tax'),
  },
  { table: 'sites', where: 'organisation_id = :user', erasure: erased('workers') },
  { table: 'booking_participants', where: OWN_BOOKINGS, erasure: kept('register', 'training_register') },
  { table: 'booking_refunds', where: OWN_BOOKINGS, erasure: kept('bookings', 'tax') },
  // SicurHub's commission invoices to the provider (their files are downloaded from the statement page).
  { table: 'invoices', where: 'provider_id = :user', omit: ['xml'], erasure: kept('bookings', 'tax') },
  // A dispute and its thread decide what a booking owes back: kept with the booking's record.
  {
    table: 'disputes',
    where: `opened_by_member = :user OR decided_by = :user OR ${OWN_BOOKINGS}`,
    erasure: kept('bookings', 'tax'),
  },
  {
    table: 'dispute_messages',
    where: `author_member = :user OR dispute_id IN (SELECT id FROM disputes WHERE ${OWN_BOOKINGS})`,
    erasure: kept('bookings', 'tax'),
  },
  { table: 'booking_documents', where: 'uploaded_by = :user', erasure: erased('files') },
  {
    table: 'attestati',
    where: 'client_id = :user OR provider_id = :user',
    erasure: kept('register', 'training_register'),
  },
  { table: 'edition_waitlist', where: 'client_id = :user', erasure: erased('waitlist') },
  {
    table: 'message_threads',
    where: 'client_id = :user OR provider_id = :user',
    erasure: kept('messages', 'other_party'),
  },
  {
    table: 'messages',
    where: 'sender_id = :user OR recipient_id = :user',
    omit: ['idempotency_key'],
    erasure: kept('messages', 'other_party'),
  },
  { table: 'reviews', where: 'reviewer_id = :user', erasure: erased('reviews') },
  {
    table: 'saved_searches',
    where: 'user_id = :user',
    omit: ['unsubscribe_token', 'confirm_token_hash'],
    erasure: erased('alerts'),
  },
  { table: 'workers', where: 'client_id = :user', erasure: erased('workers') },
  {
    table: 'worker_trainings',
    where: 'worker_id IN (SELECT id FROM workers WHERE client_id = :user)',
    erasure: erased('workers'),
  },
  { table: 'compliance_reminders', where: 'client_id = :user', erasure: erased('workers') },
  { table: 'contact_requests', where: 'user_id = :user', erasure: erased('contact') },
  // The organisation's, and the notices addressed to the person in any organisation; not those for another member.
  {
    table: 'notifications',
    where: 'recipient_user_id = :user OR (user_id = :user AND recipient_user_id IS NULL)',
    erasure: erased('notifications'),
  },
  // A provider's request for the badge and its documents (their files go with the account).
  { table: 'verification_requests', where: 'organisation_id = :user', erasure: erased('files') },
  { table: 'verification_documents', where: 'organisation_id = :user', omit: ['file_key'], erasure: erased('files') },
  // What the person reported to the team, with their note.
  { table: 'reports', where: 'reporter_id = :user', erasure: erased('contact') },
]);

/** Tables the archive leaves out, and why; the user's rows (`where`) go with the account. */
export interface UnexportedEntity {
  table: string;
  why: string;
  where: string;
  erasure: Erasure;
}

export const NOT_EXPORTED: readonly UnexportedEntity[] = Object.freeze([
  {
    table: 'auth_tokens',
    why: 'single-use links, stored as hashes: secrets of the account, no data of the person',
    where: 'user_id = :user',
    erasure: erased('security'),
  },
  {
    table: 'user_recovery_codes',
    why: 'two-factor recovery codes, stored as hashes',
    where: 'user_id = :user',
    erasure: erased('security'),
  },
  { table: 'data_exports', why: 'the archives themselves', where: 'user_id = :user', erasure: erased('security') },
  {
    table: 'operators',
    why: "the mark of a person of the platform's staff: no data they gave",
    where: 'user_id = :user',
    erasure: erased('security'),
  },
  {
    table: 'invitations',
    why: "the invitations the person sent: their organisation's records, which stop naming who sent them",
    where: 'invited_by = :user',
    erasure: anonymised('account'),
  },
  {
    table: 'impersonations',
    why: 'the support team\'s read-only visits of the account ("Accedi come"): the platform\'s record, also in its audit trail',
    where: 'person_id = :user OR operator_id = :user',
    erasure: erased('security'),
  },
  // No foreign key to users: the session store's rows, and the emails the job runner sends.
  {
    table: 'sessions',
    why: 'the signed-in browsers: cookies, not data the person gave',
    where: `(sess -> 'passport' ->> 'user') = :user`,
    erasure: erased('security'),
  },
  {
    table: 'jobs',
    why: 'the queue of emails to send: copies of what the other entities hold',
    where: `type = 'email.send' AND payload ->> 'to' = (SELECT email FROM users WHERE id = :user)`,
    erasure: erased('notifications'),
  },
]);

/** Every entity of the user with what erasing the account does to it: the one list the erasure follows. */
export const USER_ENTITIES: readonly { table: string; where: string; erasure: Erasure }[] = Object.freeze([
  ...EXPORTED_ENTITIES,
  ...NOT_EXPORTED,
]);

/** How many rows of an entity belong to the user (the erasure's test counts them before and after). */
export async function countOf(entity: { table: string; where: string }, userId: string, trx?: Trx): Promise<number> {
  const { rows } = (await db(trx).raw(`SELECT count(*) AS count FROM ${entity.table} WHERE (${entity.where})`, {
    user: userId,
  })) as { rows: { count: string | number }[] };
  return Number(rows[0]!.count);
}

/** The rows of one entity that belong to the user, oldest first where the table says when. */
export async function rowsOf(entity: ExportedEntity, userId: string, trx?: Trx): Promise<Record<string, unknown>[]> {
  const rows = (await db(trx).select('*').from(entity.table).whereRaw(`(${entity.where})`, { user: userId })) as Record<
    string,
    unknown
  >[];
  const omit = new Set(entity.omit ?? []);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !omit.has(k))));
}

/**
 * Every table of the schema with a foreign key to users or to organisations (the test of the declaration
 * above reads it).
 */
export async function tablesReferencingUsers(trx?: Trx): Promise<string[]> {
  const { rows } = (await db(trx).raw(
    `SELECT DISTINCT conrelid::regclass::text AS name FROM pg_constraint
      WHERE contype = 'f' AND confrelid IN ('users'::regclass, 'organisations'::regclass) ORDER BY 1`,
  )) as { rows: { name: string }[] };
  return rows.map((r) => r.name);
}
