import type { Knex } from 'knex';

/**
 * Sites of a client organisation: its sede legale and unità produttive, each an address whose municipality
 * is a place of the gazetteer. Every worker belongs to one (workers.site_id), and a site referent (role
 * 'site') reaches only the sites assigned to them (membership_sites).
 *
 * The register's free-text `site` becomes a site (kind 'operativa') for each distinct non-empty text of an
 * organisation, and its workers point at it; `down` writes the site's name back into the text, so nothing
 * typed is lost either way.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sites', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('kind').notNullable().defaultTo('operativa');
    t.text('address');
    t.text('postal_code');
    t.integer('place_id').references('id').inTable('places');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organisation_id', 'name'], { indexName: 'sites_organisation_name_key' });
    t.check(`kind IN ('legale', 'operativa')`, [], 'sites_kind_check');
  });
  await knex.schema.createTable('membership_sites', (t) => {
    t.uuid('organisation_id').notNullable();
    t.uuid('user_id').notNullable();
    t.uuid('site_id').notNullable().references('id').inTable('sites').onDelete('CASCADE');
    t.primary(['organisation_id', 'user_id', 'site_id']);
    t.foreign(['organisation_id', 'user_id'])
      .references(['organisation_id', 'user_id'])
      .inTable('memberships')
      .onDelete('CASCADE');
    t.index(['site_id']);
  });
  await knex.raw(
    `INSERT INTO sites (organisation_id, name, kind)
     SELECT DISTINCT client_id, btrim(site), 'operativa' FROM workers WHERE btrim(coalesce(site, '')) <> ''`,
  );
  await knex.schema.alterTable('workers', (t) => {
    t.uuid('site_id').references('id').inTable('sites').onDelete('SET NULL');
    t.index(['site_id']);
  });
  await knex.raw(
    `UPDATE workers w SET site_id = s.id FROM sites s
      WHERE s.organisation_id = w.client_id AND s.name = btrim(w.site)`,
  );
  await knex.schema.alterTable('workers', (t) => t.dropColumn('site'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workers', (t) => t.text('site'));
  await knex.raw(`UPDATE workers w SET site = s.name FROM sites s WHERE s.id = w.site_id`);
  await knex.schema.alterTable('workers', (t) => t.dropColumn('site_id'));
  await knex.schema.dropTable('membership_sites');
  await knex.schema.dropTable('sites');
}
