import type { Knex } from 'knex';

/**
 * Organisations own the records; people sign in and belong to organisations as members with a role.
 *
 * Every existing account becomes an organisation with the same id (its kind is the account's old
 * user_type) and its user becomes the organisation's administrator, so every stored id, URL and link keeps
 * working. The columns that name the owner or a party of a record (bookings.client_id, the profiles'
 * user_id, notifications.user_id, …) then reference organisations instead of users; what belongs to a
 * person (sign-in tokens, recovery codes, data exports, saved searches, contact requests) keeps
 * referencing users. A new registration makes its organisation with the id of its first user, so `down`
 * can point the columns back at users.
 */

/** The columns that name an organisation: [table, column]. */
export const ORGANISATION_COLUMNS: readonly (readonly [string, string])[] = [
  ['attestati', 'client_id'],
  ['attestati', 'provider_id'],
  ['bookings', 'client_id'],
  ['bookings', 'provider_id'],
  ['bookings', 'cancelled_by'],
  ['booking_documents', 'uploaded_by'],
  ['booking_refunds', 'recorded_by'],
  ['client_profiles', 'user_id'],
  ['provider_profiles', 'user_id'],
  ['compliance_reminders', 'client_id'],
  ['course_editions', 'provider_id'],
  ['edition_waitlist', 'client_id'],
  ['message_threads', 'client_id'],
  ['message_threads', 'provider_id'],
  ['messages', 'sender_id'],
  ['messages', 'recipient_id'],
  ['notifications', 'user_id'],
  ['reviews', 'reviewer_id'],
  ['service_images', 'owner_id'],
  ['workers', 'client_id'],
];

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** The foreign keys of ORGANISATION_COLUMNS that reference `target`, with their definitions. */
async function foreignKeys(knex: Knex, target: string): Promise<ForeignKey[]> {
  const found: ForeignKey[] = [];
  for (const [table, column] of ORGANISATION_COLUMNS) {
    const { rows } = await knex.raw<{ rows: { name: string; definition: string }[] }>(
      `SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.conrelid = ?::regclass AND c.confrelid = ?::regclass
          AND array_length(c.conkey, 1) = 1 AND a.attname = ?`,
      [table, target, column],
    );
    for (const row of rows) found.push({ table, ...row });
  }
  return found;
}

/** Points every foreign key of ORGANISATION_COLUMNS from `from` to `to`, keeping its ON DELETE rule. */
async function repoint(knex: Knex, from: string, to: string): Promise<void> {
  for (const key of await foreignKeys(knex, from)) {
    const definition = key.definition.replace(`REFERENCES ${from}(id)`, `REFERENCES ${to}(id)`);
    if (definition === key.definition) throw new Error(`unexpected foreign key ${key.name}: ${key.definition}`);
    await knex.raw(`ALTER TABLE ?? DROP CONSTRAINT ??`, [key.table, key.name]);
    await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${definition}`, [key.table, key.name]);
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organisations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`kind IN ('client', 'provider')`, [], 'organisations_kind_check');
  });
  await knex.schema.createTable('memberships', (t) => {
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('role').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['organisation_id', 'user_id']);
    t.index(['user_id']);
    t.check(`role IN ('admin', 'safety', 'site', 'accounts', 'office', 'trainer')`, [], 'memberships_role_check');
  });
  await knex.raw(`INSERT INTO organisations (id, kind, created_at) SELECT id, user_type, created_at FROM users`);
  await knex.raw(
    `INSERT INTO memberships (organisation_id, user_id, role, created_at) SELECT id, id, 'admin', created_at FROM users`,
  );
  await repoint(knex, 'users', 'organisations');
  // The kept pages' trigger on users names the column; the app makes its triggers again at boot from what
  // the kept pages read (src/routes/kept-reads.ts).
  await knex.raw('DROP TRIGGER IF EXISTS users_catalogue_change ON users');
  await knex.schema.alterTable('users', (t) => t.dropColumn('user_type'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.text('user_type').notNullable().defaultTo('client'));
  // A person keeps the kind of the first organisation they joined.
  await knex.raw(
    `UPDATE users u SET user_type = o.kind
       FROM (SELECT DISTINCT ON (m.user_id) m.user_id, o.kind FROM memberships m
               JOIN organisations o ON o.id = m.organisation_id ORDER BY m.user_id, m.created_at) o
      WHERE o.user_id = u.id`,
  );
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_user_type_check CHECK (user_type IN ('client', 'provider'))`);
  await repoint(knex, 'organisations', 'users');
  await knex.schema.dropTable('memberships');
  await knex.schema.dropTable('organisations');
}
