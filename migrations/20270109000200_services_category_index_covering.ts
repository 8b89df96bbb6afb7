import type { Knex } from 'knex';

/**
 * services_category_index keeps its name and its leading key, and adds the order of a listing without words
 * (featured, newest) and, carried (INCLUDE), what a category's filters and visibility read: a category with
 * filters counts up to 1,001 matches (src/models/search/counts.ts) and reads its page from the index alone,
 * where each match visited a wide services row before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX services_category_index');
  await knex.raw(`CREATE INDEX services_category_index ON services (category, featured DESC, created_at DESC, id)
    INCLUDE (active, status, base_price, rating_average, service_type, availability, provider_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX services_category_index');
  await knex.raw('CREATE INDEX services_category_index ON services (category)');
}
