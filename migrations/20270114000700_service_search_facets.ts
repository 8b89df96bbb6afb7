import type { Knex } from 'knex';

/**
 * A text search's price and rating filters answered by the word index itself. `service_search.facets` holds a
 * service's price band and rating band as two words ('p500': over 200 and up to 500 €; 'r4': rated from 4 to
 * 4.5), the bands of the counters (migration 20270114000400: service_count_price_band, service_count_rating_band),
 * and the word index is over the words and the facets together (GIN on two columns). A search for a word
 * within a price and a rating then finds the services holding all three in one scan of one index, where
 * PostgreSQL used to build a bitmap of the price index's range and one of the rating index's and AND them with
 * the word's: at 1,000,000 services, "consulenza" from 200 to 500 € rated 4 or more read 101,924 word
 * entries, 149,269 price entries and 339,919 rating entries (98–113 ms) for 6,248 matches; through the facets
 * one scan of 26 ms.
 *
 * The bands a search asks for (service_search_price_facets, service_search_rating_facets) are every band its
 * range can hold a service of, whatever its ends; when the ends are edges (the form's ranges) they are exactly
 * its services, and the search's own price and rating conditions fall away when PostgreSQL plans it
 * (service_search_price_banded, service_search_rating_banded); otherwise (an API caller's 300–1000 €, a rating
 * of 4.2) they stay, and the facets only narrow. The best-rated indexes carry the facets, so a
 * text search walking them still reads its candidates from the index alone.
 */
const FUNCTIONS = [
  `CREATE FUNCTION service_search_facets(price numeric, rating numeric) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT ARRAY['p' || service_count_price_band(price), 'r' || service_count_rating_band(rating)] $$`,
  // A band holds its upper price edge and not its lower one (the first from 0): it can hold a price of the
  // range from low (included or not) to high when its upper edge is at or above low (above it, if low is not
  // included) and the edge below it is under high.
  `CREATE FUNCTION service_search_price_facets(low numeric, high numeric, low_included boolean) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg('p' || edge ORDER BY edge), '{}') FROM (
      SELECT edge, lag(edge, 1, -1::numeric) OVER (ORDER BY edge) AS below
      FROM unnest(service_count_price_edges() || 'Infinity'::numeric) AS edge) AS band
    WHERE (edge > low OR (low_included AND edge = low)) AND below < high $$`,
  // A band holds its lower rating edge and not the next one (the first from 0): it can hold a rating of at
  // least low when the next edge is above low.
  `CREATE FUNCTION service_search_rating_facets(low numeric) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg('r' || edge ORDER BY edge), '{}') FROM (
      SELECT edge, lead(edge, 1, 'Infinity'::numeric) OVER (ORDER BY edge) AS above
      FROM unnest(0::numeric || service_count_rating_edges()) AS edge) AS band
    WHERE above > low $$`,
  // Whether the bands of a range are exactly its services (its ends are edges): then the search's own
  // conditions add nothing, and a search writes them so that PostgreSQL drops them when planning
  // (src/models/search/matching.ts), leaving the facets to the word index and no price or rating index to AND in.
  `CREATE FUNCTION service_search_price_banded(low numeric, high numeric, low_included boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT high = ANY (service_count_price_edges())
      AND (CASE WHEN low_included THEN low <= 0 ELSE low = ANY (service_count_price_edges()) END) $$`,
  `CREATE FUNCTION service_search_rating_banded(low numeric) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT low <= 0 OR low = ANY (service_count_rating_edges()) $$`,
];

const ORDER = '(best_rated DESC, created_at DESC, id)';
const CARRIED = 'base_price, category, service_type, availability, featured, rating_average, reviews_count';

/** service_search is rewritten (a stored column): VACUUM, outside a transaction, marks its pages all-visible again. */
export const config = { transaction: false };

async function indexes(trx: Knex.Transaction, carried: string, words: string): Promise<void> {
  await trx.raw('DROP INDEX service_search_quality_idx');
  await trx.raw('DROP INDEX service_search_quality_long_idx');
  await trx.raw(`CREATE INDEX service_search_quality_idx ON service_search ${ORDER}
    INCLUDE (${carried}, search_vector) WHERE words_in_index`);
  await trx.raw(`CREATE INDEX service_search_quality_long_idx ON service_search ${ORDER}
    INCLUDE (${carried}) WHERE NOT words_in_index`);
  await trx.raw(`CREATE INDEX ${words} WITH (fastupdate = off)`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const statement of FUNCTIONS) await trx.raw(statement);
    await trx.raw(`ALTER TABLE service_search ADD COLUMN facets text[] NOT NULL
      GENERATED ALWAYS AS (service_search_facets(base_price, rating_average)) STORED`);
    await trx.raw('DROP INDEX service_search_vector_idx');
    await indexes(
      trx,
      `${CARRIED}, facets`,
      'service_search_words_idx ON service_search USING gin (search_vector, facets)',
    );
  });
  await knex.raw('VACUUM (ANALYZE) service_search');
}

export async function down(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('DROP INDEX service_search_words_idx');
    await indexes(trx, CARRIED, 'service_search_vector_idx ON service_search USING gin (search_vector)');
    await trx.raw('ALTER TABLE service_search DROP COLUMN facets');
    await trx.raw('DROP FUNCTION service_search_rating_banded(numeric)');
    await trx.raw('DROP FUNCTION service_search_price_banded(numeric, numeric, boolean)');
    await trx.raw('DROP FUNCTION service_search_rating_facets(numeric)');
    await trx.raw('DROP FUNCTION service_search_price_facets(numeric, numeric, boolean)');
    await trx.raw('DROP FUNCTION service_search_facets(numeric, numeric)');
  });
}
