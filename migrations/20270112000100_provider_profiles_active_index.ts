import type { Knex } from 'knex';

/**
 * The active providers' keys, apart from their wide rows: a search joins its services to their provider only
 * to keep the active ones (whereVisible in src/models/listings/public.ts), and a category's count or page then
 * hashed every provider read from a table of 1.6 KB rows (a sequential scan of all of them, on each search
 * not kept). This index gives the same keys from a few pages, the partial condition being the visibility.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX provider_profiles_active_idx ON provider_profiles (user_id) WHERE active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX provider_profiles_active_idx');
}
