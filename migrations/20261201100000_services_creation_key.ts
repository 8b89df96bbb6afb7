import type { Knex } from 'knex';

/**
 * The create-service form's hidden key (docs/design.md §6 double submissions): a second submission of the same
 * form (double click, reload after a lost answer) finds the service the first one created instead of
 * publishing it twice. Null for services made elsewhere (seeds, imports).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.uuid('creation_key');
    t.unique(['provider_id', 'creation_key'], { indexName: 'services_provider_creation_key_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.dropUnique(['provider_id', 'creation_key'], 'services_provider_creation_key_unique');
    t.dropColumn('creation_key');
  });
}
