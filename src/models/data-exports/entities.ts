import { db, type Trx } from '../../db/knex.js';

/**
 * What "Scarica i tuoi dati" puts in the archive (docs/product.md §2 "Il mio account"): one JSON file per
 * entity, each the rows of one table that belong to the user (`where`, bound to the user's id wherever it
 * says `:user`). Every table with a foreign key to users is either here or in NOT_EXPORTED, with the
 * reason; a test holds that list to the schema, so a new table cannot be forgotten.
 */
export interface ExportedEntity {
  table: string;
  where: string;
  /** Columns never given out: secrets, hashes, search internals. */
  omit?: readonly string[];
}

const OWN_BOOKINGS = 'booking_id IN (SELECT id FROM bookings WHERE client_id = :user OR provider_id = :user)';
const OWN_PROFILE = 'provider_id = :user';

export const EXPORTED_ENTITIES: readonly ExportedEntity[] = Object.freeze([
  { table: 'users', where: 'id = :user', omit: ['password_hash', 'totp_secret', 'totp_last_step'] },
  { table: 'client_profiles', where: 'user_id = :user' },
  { table: 'provider_profiles', where: 'user_id = :user' },
  { table: 'provider_calendars', where: OWN_PROFILE },
  { table: 'provider_closures', where: OWN_PROFILE },
  { table: 'services', where: OWN_PROFILE, omit: ['search_vector', 'search_text', 'creation_key'] },
  { table: 'service_images', where: 'owner_id = :user' },
  { table: 'course_editions', where: OWN_PROFILE },
  { table: 'bookings', where: 'client_id = :user OR provider_id = :user' },
  { table: 'booking_participants', where: OWN_BOOKINGS },
  { table: 'booking_refunds', where: OWN_BOOKINGS },
  { table: 'booking_documents', where: 'uploaded_by = :user' },
  { table: 'attestati', where: 'client_id = :user OR provider_id = :user' },
  { table: 'edition_waitlist', where: 'client_id = :user' },
  { table: 'message_threads', where: 'client_id = :user OR provider_id = :user' },
  { table: 'messages', where: 'sender_id = :user OR recipient_id = :user', omit: ['idempotency_key'] },
  { table: 'reviews', where: 'reviewer_id = :user' },
  { table: 'saved_searches', where: 'user_id = :user', omit: ['unsubscribe_token', 'confirm_token_hash'] },
  { table: 'workers', where: 'client_id = :user' },
  { table: 'worker_trainings', where: 'worker_id IN (SELECT id FROM workers WHERE client_id = :user)' },
  { table: 'compliance_reminders', where: 'client_id = :user' },
  { table: 'contact_requests', where: 'user_id = :user' },
  { table: 'notifications', where: 'user_id = :user' },
]);

/** Tables with a foreign key to users that the archive leaves out, and why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = Object.freeze({
  auth_tokens: 'single-use links, stored as hashes: secrets of the account, no data of the person',
  user_recovery_codes: 'two-factor recovery codes, stored as hashes',
  data_exports: 'the archives themselves',
});

/** The rows of one entity that belong to the user, oldest first where the table says when. */
export async function rowsOf(entity: ExportedEntity, userId: string, trx?: Trx): Promise<Record<string, unknown>[]> {
  const rows = (await db(trx).select('*').from(entity.table).whereRaw(`(${entity.where})`, { user: userId })) as Record<
    string,
    unknown
  >[];
  const omit = new Set(entity.omit ?? []);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !omit.has(k))));
}

/** Every table of the schema with a foreign key to users (the test of the declaration above reads it). */
export async function tablesReferencingUsers(trx?: Trx): Promise<string[]> {
  const { rows } = (await db(trx).raw(
    `SELECT DISTINCT conrelid::regclass::text AS name FROM pg_constraint
      WHERE contype = 'f' AND confrelid = 'users'::regclass ORDER BY 1`,
  )) as { rows: { name: string }[] };
  return rows.map((r) => r.name);
}
