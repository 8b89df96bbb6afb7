import type { Knex } from 'knex';

// The gazetteer of Italian municipalities: place search, reverse lookup and distances use it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('places', (t) => {
    t.increments('id').primary();
    t.string('istat_code', 6).notNullable().unique();
    t.text('name').notNullable();
    t.text('name_folded').notNullable();
    t.string('province', 2).notNullable().references('code').inTable('provinces');
    t.text('region').notNullable();
    t.double('lat').notNullable();
    t.double('lng').notNullable();
    t.integer('population');
    t.specificType('postal_codes', 'text[]').notNullable().defaultTo('{}');
    t.boolean('is_provincial_capital').notNullable().defaultTo(false);
    t.text('coordinate_source').notNullable();
    t.check(`coordinate_source IN ('geonames', 'geonames_fuzzy', 'approximate')`, [], 'places_coordinate_source_check');
    t.check('lat BETWEEN 35 AND 48 AND lng BETWEEN 6 AND 19', [], 'places_in_italy_check');
    t.index(['province']);
  });
  await knex.raw('CREATE INDEX places_name_folded_prefix_idx ON places (name_folded text_pattern_ops)');
  await knex.raw('CREATE INDEX places_name_folded_trgm_idx ON places USING gin (name_folded gin_trgm_ops)');
  await knex.raw('CREATE INDEX places_earth_idx ON places USING gist (ll_to_earth(lat, lng))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('places');
}
