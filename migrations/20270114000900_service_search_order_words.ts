import type { Knex } from 'knex';

/**
 * The price and rating orders of `service_search` carry the words and the facets, as the best-rated order does
 * (20270114000200, 20270114000800): a text search sorted by price or by rating reads its candidates from the index
 * alone, and its rows whose words do not fit in an index entry from a second index over the same order.
 *
 * Without the words, a walk of the price index checked each entry's words on its row, and PostgreSQL preferred to
 * AND a bitmap of the price range with the word index's, although the word index's facets already give exactly
 * the band: at a million services, a price sort within a band of the form read 149,269 price entries for
 * nothing and every match's row (55.7 ms on average; 35.5 with this index, docs/bench/2026-12-01-places.md).
 */
const CARRIED = 'best_rated, category, service_type, availability, facets';

const ORDERS: [string, string, string][] = [
  ['price', '(base_price, created_at DESC, id)', 'featured, rating_average, reviews_count'],
  ['rating', '(rating_average DESC, reviews_count DESC, created_at DESC, id)', 'featured, base_price'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, order, carried] of ORDERS) {
    await knex.raw(`DROP INDEX service_search_${name}_idx`);
    await knex.raw(`CREATE INDEX service_search_${name}_idx ON service_search ${order}
      INCLUDE (${carried}, ${CARRIED}, search_vector) WHERE words_in_index`);
    await knex.raw(`CREATE INDEX service_search_${name}_long_idx ON service_search ${order}
      INCLUDE (${carried}, ${CARRIED}) WHERE NOT words_in_index`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, order, carried] of ORDERS) {
    await knex.raw(`DROP INDEX service_search_${name}_long_idx`);
    await knex.raw(`DROP INDEX service_search_${name}_idx`);
    await knex.raw(`CREATE INDEX service_search_${name}_idx ON service_search ${order}
      INCLUDE (${carried}, category, service_type, availability)`);
  }
}
