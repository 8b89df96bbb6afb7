import type { Knex } from 'knex';

/**
 * Which transactions changed what the public catalogue pages show, for the in-memory page cache
 * (page-cache.service): a page rendered under snapshot S is stale as soon as a transaction not visible in S
 * has committed a change here. One row per transaction (its xid8), written by statement-level triggers on
 * every table those pages read; no shared counter row, so writers never wait on each other for it.
 * Rows older than the cache's longest life are pruned by the job runner.
 */
const TABLES = ['services', 'provider_profiles', 'service_images', 'course_editions', 'reviews'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE catalogue_changes (
      xid xid8 PRIMARY KEY,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX catalogue_changes_changed_at_idx ON catalogue_changes (changed_at)');
  await knex.raw(`
    CREATE FUNCTION note_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO catalogue_changes (xid) VALUES (pg_current_xact_id()) ON CONFLICT (xid) DO NOTHING;
      RETURN NULL;
    END $$`);
  for (const table of TABLES) {
    await knex.raw(`
      CREATE TRIGGER ${table}_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION note_catalogue_change()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  // The app makes the triggers again at boot from what the kept pages read (syncChangeTriggers), on more tables
  // than these: every trigger calling the function goes with it.
  await knex.raw('DROP FUNCTION note_catalogue_change() CASCADE');
  await knex.raw('DROP TABLE catalogue_changes');
}
