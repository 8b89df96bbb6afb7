import type { Knex } from 'knex';

/** The days a provider is closed besides the weekly hours: one day or a range (holidays, courses, leave). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_closures', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('user_id').inTable('provider_profiles').onDelete('CASCADE');
    t.date('starts_on').notNullable();
    t.date('ends_on').notNullable();
    t.string('note', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_id', 'ends_on']);
    t.check('ends_on >= starts_on', [], 'provider_closures_range_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_closures');
}
