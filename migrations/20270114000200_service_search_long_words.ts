import type { Knex } from 'knex';

/**
 * The best-rated order carries a service's words only when they fit in an index entry. A btree entry holds
 * at most 2,704 bytes, and the form takes 10,000 characters of detailed description: ordinary Italian prose of
 * that length makes a search vector of 6.5 KB, and saving such a service failed ("index row size exceeds
 * btree version 4 maximum") once service_search_quality_idx carried the words (20270109000100).
 *
 * `words_in_index` says whether a row's words are short enough: their text form within 1,400 characters,
 * which bounds the stored vector at 2,350 bytes (a lexeme's entry is at most 5/3 of its text, a one-letter
 * word with one position), leaving room for the other columns. The best-rated index holds those rows with
 * their words, as before; a second index over the same order holds the others, whose words are checked on
 * the row. A text search ranked by relevance reads its candidates from both, in that order
 * (src/models/search/candidates.ts).
 */
const ORDER = '(featured DESC, rating_average DESC, reviews_count DESC, created_at DESC, id)';
const CARRIED = 'base_price, category, service_type, availability';

/**
 * The table is rewritten (a stored column): VACUUM, which runs outside a transaction, marks its pages
 * all-visible again, without which every index-only read of the words would visit the row as well.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`ALTER TABLE service_search ADD COLUMN words_in_index boolean NOT NULL
      GENERATED ALWAYS AS (coalesce(octet_length(search_vector::text), 0) <= 1400) STORED`);
    await trx.raw('DROP INDEX service_search_quality_idx');
    await trx.raw(`CREATE INDEX service_search_quality_idx ON service_search ${ORDER}
      INCLUDE (${CARRIED}, search_vector) WHERE words_in_index`);
    await trx.raw(`CREATE INDEX service_search_quality_long_idx ON service_search ${ORDER}
      INCLUDE (${CARRIED}) WHERE NOT words_in_index`);
  });
  await knex.raw('VACUUM (ANALYZE) service_search');
}

/** Back to one index carrying every row's words: refused while a visible service's words do not fit in it. */
export async function down(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('DROP INDEX service_search_quality_long_idx');
    await trx.raw('DROP INDEX service_search_quality_idx');
    await trx.raw('ALTER TABLE service_search DROP COLUMN words_in_index');
    await trx.raw(
      `CREATE INDEX service_search_quality_idx ON service_search ${ORDER} INCLUDE (${CARRIED}, search_vector)`,
    );
  });
}
