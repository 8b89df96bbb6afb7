import type { Knex } from 'knex';

/**
 * The public provider page is kept by the page cache too (src/routes.ts). Besides the catalogue tables of
 * 20261204100000_catalogue_changes it shows the names of the reviewers, read from users and
 * client_profiles: a change of those names (or of a provider account's email and type, which the page
 * also reads) is noted in catalogue_changes as well. The triggers fire only on those columns, so a login
 * (last_login_at) or a saved address leaves the kept pages alone.
 */
const TRIGGERS = [
  { table: 'users', name: 'users_catalogue_change', events: 'UPDATE OF company_name, email, user_type OR DELETE' },
  {
    table: 'client_profiles',
    name: 'client_profiles_catalogue_change',
    events: 'INSERT OR UPDATE OF company_name OR DELETE OR TRUNCATE',
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, name, events } of TRIGGERS) {
    await knex.raw(`
      CREATE TRIGGER ${name} AFTER ${events} ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION note_catalogue_change()`);
  }
}

// Since 20261223100000_organisations the app makes these triggers at boot (syncChangeTriggers) from what the kept
// pages read: they may be gone or named differently, and 20261204100000's down drops whatever is left.
export async function down(knex: Knex): Promise<void> {
  for (const { table, name } of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
}
