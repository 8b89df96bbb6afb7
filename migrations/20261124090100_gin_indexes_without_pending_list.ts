import type { Knex } from 'knex';

/**
 * GIN indexes normally buffer new entries in a "pending list" that VACUUM merges later. The embedded
 * database has no autovacuum, so the list only grows: every full-text, trigram or service-area search
 * then reads it entry by entry, and the planner, seeing its cost, prefers scanning the whole table.
 * Services and places are written rarely and read on every search: their GIN indexes take each entry
 * at once instead, and what is pending now is merged.
 */
const GIN_INDEXES = [
  'services_search_vector_idx',
  'services_search_text_trgm_idx',
  'services_service_areas_idx',
  'places_name_folded_trgm_idx',
  'search_terms_term_trgm_idx',
];

export async function up(knex: Knex): Promise<void> {
  for (const index of GIN_INDEXES) {
    await knex.raw(`ALTER INDEX ${index} SET (fastupdate = off)`);
    await knex.raw('SELECT gin_clean_pending_list(?::regclass)', [index]);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const index of GIN_INDEXES) await knex.raw(`ALTER INDEX ${index} RESET (fastupdate)`);
}
