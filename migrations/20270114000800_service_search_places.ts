import type { Knex } from 'knex';
import { COLUMNS as BEFORE } from './20270109000100_service_search.js';

/**
 * A text search near a place answered by the word index, like its price and rating (20270114000700).
 * `service_search` keeps a service's coordinates and service areas, and its facets hold where it is: the cell of
 * a grid it lies in at each of five sizes ('g2:364:74': the second size, 0.125°, row 364 of latitude, column 74
 * of longitude) and each area it serves ('a:Lombardia'). A search within a radius asks for the cells of the
 * finest size that covers the circle's bounding box in at most 64 cells, and the areas naming the place
 * (service_search_circle_facets); the word index gives the services holding the words and one of those facets in
 * one scan, and the exact distance is checked on their rows. Without it the search read `services`: a text within
 * 25 km of a big city was checked on each of the tens of thousands of wide rows around it, one to a heap block
 * (a million services: 21 first-time searches a second, half of them over 1.3 s), and a wider place was a
 * bitmap of its box ANDed with the words'.
 *
 * The cells cover every point within the radius: the box spans the circle's latitudes, and its longitudes to
 * the cap's widest (asin(sin d / cos lat)), both on the 6,371 km sphere the search measures distance on and
 * widened by a ten-thousandth; a circle around a pole or across the antimeridian takes every longitude. The
 * search's own conditions (the distance, the areas) stay and decide.
 *
 * With that, no search reads the best-rated index of `services` (a text near a place used to): it goes.
 */
const CELL_SIZES = 'ARRAY[0.0625, 0.125, 0.25, 0.5, 1]::float8[]';
const MOST_CELLS = 64;

const FUNCTIONS = [
  `CREATE FUNCTION service_search_cell_sizes() RETURNS float8[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT ${CELL_SIZES} $$`,
  `CREATE FUNCTION service_search_area_facets(areas text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg(DISTINCT 'a:' || area), '{}') FROM unnest(areas) AS area $$`,
  // Where a service is: its cell at each size (none without coordinates) and the areas it serves.
  `CREATE FUNCTION service_search_place_facets(lat float8, lng float8, areas text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce((SELECT array_agg('g' || c.level || ':' || floor(lat / c.size)::int || ':'
                                              || floor(lng / c.size)::int ORDER BY c.level)
                            FROM unnest(service_search_cell_sizes()) WITH ORDINALITY AS c(size, level)
                            WHERE lat IS NOT NULL AND lng IS NOT NULL), '{}')
              || service_search_area_facets(areas) $$`,
  `CREATE FUNCTION service_search_facets(price numeric, rating numeric, lat float8, lng float8, areas text[])
    RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT ARRAY['p' || service_count_price_band(price), 'r' || service_count_rating_band(rating)]
              || service_search_place_facets(lat, lng, areas) $$`,
  // What a search within radius_km of (lat, lng), or serving one of the areas, asks the word index for: every
  // cell, of the finest size with at most ${MOST_CELLS} of them (the coarsest otherwise), that the circle's
  // bounding box touches, and the areas. PL/pgSQL, whose arithmetic runs without a query: PostgreSQL computes it
  // while planning each search, and a SQL function made of queries was planned anew each time (3 ms).
  `CREATE FUNCTION service_search_circle_facets(lat float8, lng float8, radius_km float8, areas text[])
    RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
    DECLARE
      d float8 := radius_km / 6371;
      height float8 := degrees(d) * 1.0001;
      south float8 := greatest(lat - height, -90);
      north float8 := least(lat + height, 90);
      width float8;
      west float8 := -180;
      east float8 := 180;
      sizes float8[] := service_search_cell_sizes();
      size float8;
      level int;
      cells text[] := '{}';
    BEGIN
      IF sin(d) < cos(radians(lat)) * 0.9999 THEN
        width := degrees(asin(sin(d) / cos(radians(lat)))) * 1.0001;
        IF lng - width >= -180 AND lng + width <= 180 THEN
          west := lng - width;
          east := lng + width;
        END IF;
      END IF;
      level := cardinality(sizes);
      FOR l IN 1 .. cardinality(sizes) LOOP
        size := sizes[l];
        IF (floor(north / size) - floor(south / size) + 1) * (floor(east / size) - floor(west / size) + 1)
           <= ${MOST_CELLS} THEN
          level := l;
          EXIT;
        END IF;
      END LOOP;
      size := sizes[level];
      FOR y IN floor(south / size)::int .. floor(north / size)::int LOOP
        FOR x IN floor(west / size)::int .. floor(east / size)::int LOOP
          cells := cells || ('g' || level || ':' || y || ':' || x);
        END LOOP;
      END LOOP;
      RETURN cells || service_search_area_facets(areas);
    END $$`,
];

/** What service_search copies from services, before and after this migration (its triggers list them). */
const AFTER = [...BEFORE, 'location_lat', 'location_lng', 'service_areas'];

const list = (columns: string[], prefix: string): string => columns.map((c) => `${prefix}${c}`).join(', ');

/** The triggers of 20270109000100_service_search, copying `columns`. */
async function followers(trx: Knex.Transaction, columns: string[]): Promise<void> {
  await trx.raw(`CREATE OR REPLACE FUNCTION service_search_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.active AND NEW.status = 'active'
         AND EXISTS (SELECT 1 FROM provider_profiles p WHERE p.user_id = NEW.provider_id AND p.active) THEN
        INSERT INTO service_search (id, ${list(columns, '')}) VALUES (NEW.id, ${list(columns, 'NEW.')})
        ON CONFLICT (id) DO UPDATE SET (${list(columns, '')}) = (${list(columns, 'EXCLUDED.')});
      ELSIF TG_OP = 'UPDATE' THEN
        DELETE FROM service_search WHERE id = NEW.id;
      END IF;
      RETURN NULL;
    END $$`);
  await trx.raw(`CREATE OR REPLACE FUNCTION service_search_provider_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.active THEN
        INSERT INTO service_search (id, ${list(columns, '')})
        SELECT s.id, ${list(columns, 's.')} FROM services s
        WHERE s.provider_id = NEW.user_id AND s.active AND s.status = 'active'
        ON CONFLICT (id) DO UPDATE SET (${list(columns, '')}) = (${list(columns, 'EXCLUDED.')});
      ELSE
        DELETE FROM service_search WHERE provider_id = NEW.user_id;
      END IF;
      RETURN NULL;
    END $$`);
  await trx.raw('DROP TRIGGER service_search_updated ON services');
  await trx.raw(`CREATE TRIGGER service_search_updated AFTER UPDATE ON services FOR EACH ROW
    WHEN ((OLD.active, OLD.status, ${list(columns, 'OLD.')}) IS DISTINCT FROM (NEW.active, NEW.status, ${list(columns, 'NEW.')}))
    EXECUTE FUNCTION service_search_follow()`);
}

const ORDER = '(best_rated DESC, created_at DESC, id)';
const CARRIED = 'base_price, category, service_type, availability, featured, rating_average, reviews_count, facets';

/** The indexes that carry the facets, dropped with the column and made again over the new one. */
async function facetIndexes(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`CREATE INDEX service_search_quality_idx ON service_search ${ORDER}
    INCLUDE (${CARRIED}, search_vector) WHERE words_in_index`);
  await trx.raw(`CREATE INDEX service_search_quality_long_idx ON service_search ${ORDER}
    INCLUDE (${CARRIED}) WHERE NOT words_in_index`);
  await trx.raw(
    'CREATE INDEX service_search_words_idx ON service_search USING gin (search_vector, facets) WITH (fastupdate = off)',
  );
}

/** service_search is rewritten (a stored column): VACUUM, outside a transaction, marks its pages all-visible again. */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const statement of FUNCTIONS) await trx.raw(statement);
    // Dropping the column drops the indexes that carry it.
    await trx.raw('ALTER TABLE service_search DROP COLUMN facets');
    await trx.raw(`ALTER TABLE service_search ADD COLUMN location_lat float8, ADD COLUMN location_lng float8,
      ADD COLUMN service_areas text[] NOT NULL DEFAULT '{}'`);
    await trx.raw(`UPDATE service_search ss
      SET (location_lat, location_lng, service_areas) = (s.location_lat, s.location_lng, s.service_areas)
      FROM services s WHERE s.id = ss.id`);
    await trx.raw('ALTER TABLE service_search ALTER COLUMN service_areas DROP DEFAULT');
    // A stored column rewrites the table, which leaves out the rows the UPDATE replaced.
    await trx.raw(`ALTER TABLE service_search ADD COLUMN facets text[] NOT NULL GENERATED ALWAYS AS
      (service_search_facets(base_price, rating_average, location_lat, location_lng, service_areas)) STORED`);
    await trx.raw('DROP FUNCTION service_search_facets(numeric, numeric)');
    await facetIndexes(trx);
    await followers(trx, AFTER);
    await trx.raw('DROP INDEX services_quality_idx');
  });
  await knex.raw('VACUUM (ANALYZE) service_search');
}

export async function down(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`CREATE INDEX services_quality_idx ON services
      (best_rated_key(featured, rating_average, reviews_count) DESC, created_at DESC, id) WHERE active AND status = 'active'`);
    await followers(trx, BEFORE);
    await trx.raw(`CREATE FUNCTION service_search_facets(price numeric, rating numeric) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT ARRAY['p' || service_count_price_band(price), 'r' || service_count_rating_band(rating)] $$`);
    await trx.raw('ALTER TABLE service_search DROP COLUMN facets');
    await trx.raw(
      'ALTER TABLE service_search DROP COLUMN location_lat, DROP COLUMN location_lng, DROP COLUMN service_areas',
    );
    await trx.raw(`ALTER TABLE service_search ADD COLUMN facets text[] NOT NULL
      GENERATED ALWAYS AS (service_search_facets(base_price, rating_average)) STORED`);
    await facetIndexes(trx);
    await trx.raw('DROP FUNCTION service_search_circle_facets(float8, float8, float8, text[])');
    await trx.raw('DROP FUNCTION service_search_facets(numeric, numeric, float8, float8, text[])');
    await trx.raw('DROP FUNCTION service_search_place_facets(float8, float8, text[])');
    await trx.raw('DROP FUNCTION service_search_area_facets(text[])');
    await trx.raw('DROP FUNCTION service_search_cell_sizes()');
  });
}
