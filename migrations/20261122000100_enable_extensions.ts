import type { Knex } from 'knex';

// Search needs Italian stemming without accents, trigram similarity and great-circle distance.
export async function up(knex: Knex): Promise<void> {
  for (const ext of ['pg_trgm', 'unaccent', 'cube', 'earthdistance', 'btree_gist']) {
    await knex.raw(`CREATE EXTENSION IF NOT EXISTS ${ext}`);
  }
  // unaccent() is only STABLE; indexes and generated values need an IMMUTABLE wrapper.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);
  await knex.raw(`CREATE TEXT SEARCH CONFIGURATION it_unaccent (COPY = pg_catalog.italian)`);
  await knex.raw(`
    ALTER TEXT SEARCH CONFIGURATION it_unaccent
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TEXT SEARCH CONFIGURATION IF EXISTS it_unaccent');
  await knex.raw('DROP FUNCTION IF EXISTS f_unaccent(text)');
  // Extensions are left installed: other databases objects may rely on them.
}
