import type { Knex } from 'knex';

/**
 * Indexes in the orders a search shows, so that a page of 20 is read in order and the scan stops there
 * instead of sorting every match: the best-rated first (the candidates a text search ranks), price
 * (either direction; ties are sorted as they come) and rating. Only published, active services: those
 * are the ones searched.
 */
const INDEXES: [string, string][] = [
  ['services_quality_idx', '(featured DESC, rating_average DESC, reviews_count DESC, created_at DESC, id)'],
  ['services_price_idx', '(base_price, created_at DESC, id)'],
  ['services_rating_idx', '(rating_average DESC, reviews_count DESC, created_at DESC, id)'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await knex.raw(`CREATE INDEX ${name} ON services ${columns} WHERE active AND status = 'active'`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
