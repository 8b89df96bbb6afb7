import type { Knex } from 'knex';
import * as categoryCounts from './20261127090000_service_category_counts.js';

/**
 * The counters of visible services (migration 20261127090000) kept per category and, within it, per value of
 * each filter a listing offers besides words and place: the service type, the availability, the price band
 * and the rating band. A listing narrowed by those filters (a category's services under 500 €, rated 4 and
 * up, bookable this week) adds up a few counters for its total, as a plain listing already did, instead of
 * counting its matches up to 1,001: when fewer match, that count read every entry of the category's index
 * (100,000 at 100,000 services without a category, a million at a million).
 *
 * The bands' edges are the search form's (docs/product.md §9): prices up to 200, 500, 1,000, 2,000 and 999,999 €
 * (a band holds its upper edge, the first one 0 as well; above the last, one band up to Infinity), ratings from
 * 3, 3.5, 4 and 4.5 (a band holds its lower edge; below 3, one band from 0). Each edge list is one function,
 * which the bands are computed with and which the application reads to know which ranges the counters can add
 * up (src/models/search/counts.ts): a range whose ends are not edges is counted as before.
 *
 * The triggers are those of 20261127090000, with the bands in each delta; the rows are locked in key order.
 */
const KEY = 'category, service_type, availability, price_upto, rating_from';
const VISIBLE = `n.active AND n.status = 'active'`;
const BANDS = `n.category, n.service_type, n.availability, service_count_price_band(n.base_price) AS price_upto,
  service_count_rating_band(n.rating_average) AS rating_from`;

/** Adds the sums of `deltas` (a query of the key's columns and d) to the counters. */
const apply = (deltas: string): string => `
  INSERT INTO service_category_counts AS c (${KEY}, visible)
  SELECT ${KEY}, sum(d) FROM (${deltas}) AS x GROUP BY ${KEY} HAVING sum(d) <> 0 ORDER BY ${KEY}
  ON CONFLICT (${KEY}) DO UPDATE SET visible = c.visible + EXCLUDED.visible`;

const visibleOf = (table: string, sign: string): string => `
  SELECT ${BANDS}, ${sign}1 AS d FROM ${table} n JOIN provider_profiles p ON p.user_id = n.provider_id
  WHERE ${VISIBLE} AND p.active`;

const FUNCTIONS: Record<string, string> = {
  service_counts_inserted: `BEGIN ${apply(visibleOf('new_rows', '+'))}; RETURN NULL; END`,
  service_counts_updated: `BEGIN ${apply(`${visibleOf('new_rows', '+')} UNION ALL ${visibleOf('old_rows', '-')}`)}; RETURN NULL; END`,
  service_counts_deleted: `BEGIN ${apply(visibleOf('old_rows', '-'))}; RETURN NULL; END`,
  service_counts_provider_updated: `BEGIN ${apply(`
    SELECT ${BANDS}, CASE WHEN np.active THEN 1 ELSE -1 END AS d
    FROM new_rows np JOIN old_rows op ON op.user_id = np.user_id AND op.active IS DISTINCT FROM np.active
    JOIN services n ON n.provider_id = np.user_id WHERE ${VISIBLE}`)}; RETURN NULL; END`,
  service_counts_provider_deleted: `BEGIN
    IF OLD.active THEN ${apply(`SELECT ${BANDS}, -1 AS d FROM services n WHERE n.provider_id = OLD.user_id AND ${VISIBLE}`)}; END IF;
    RETURN OLD;
  END`,
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION service_count_price_edges() RETURNS numeric[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT '{200,500,1000,2000,999999}'::numeric[] $$`);
  await knex.raw(`CREATE FUNCTION service_count_rating_edges() RETURNS numeric[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT '{3,3.5,4,4.5}'::numeric[] $$`);
  await knex.raw(`CREATE FUNCTION service_count_price_band(price numeric) RETURNS numeric LANGUAGE sql IMMUTABLE
    PARALLEL SAFE AS $$ SELECT coalesce(min(edge), 'Infinity') FROM unnest(service_count_price_edges()) AS edge
    WHERE price <= edge $$`);
  await knex.raw(`CREATE FUNCTION service_count_rating_band(rating numeric) RETURNS numeric LANGUAGE sql IMMUTABLE
    PARALLEL SAFE AS $$ SELECT coalesce(max(edge), 0) FROM unnest(service_count_rating_edges()) AS edge
    WHERE rating >= edge $$`);

  await knex.raw('DELETE FROM service_category_counts');
  await knex.raw('ALTER TABLE service_category_counts DROP CONSTRAINT service_category_counts_pkey');
  await knex.raw(`ALTER TABLE service_category_counts
    ADD COLUMN service_type text NOT NULL, ADD COLUMN availability text NOT NULL,
    ADD COLUMN price_upto numeric NOT NULL, ADD COLUMN rating_from numeric NOT NULL`);
  await knex.raw(`ALTER TABLE service_category_counts ADD PRIMARY KEY (${KEY})`);
  for (const [name, body] of Object.entries(FUNCTIONS)) {
    await knex.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ ${body} $$`);
  }
  await knex.raw(`INSERT INTO service_category_counts (${KEY}, visible)
    SELECT ${KEY}, count(*) FROM (${visibleOf('services', '+')}) AS x GROUP BY ${KEY}`);
}

/** Back to one counter per category: 20261127090000's table, functions and triggers, counted again. */
export async function down(knex: Knex): Promise<void> {
  await categoryCounts.down(knex);
  for (const fn of ['price_band(numeric)', 'rating_band(numeric)', 'price_edges()', 'rating_edges()']) {
    await knex.raw(`DROP FUNCTION service_count_${fn}`);
  }
  await categoryCounts.up(knex);
}
