import type { Knex } from 'knex';

/**
 * When a provider works: the weekly opening hours (jsonb, ISO weekday "1" Monday … "7" Sunday -> up to two
 * intervals [{"from":"09:00","to":"13:00"}, …]) and the Italian public holidays the provider chooses to work
 * on (closed by default). A provider without a row keeps the default of src/lib/availability.ts
 * (Monday to Friday 09:00–13:00 and 14:00–18:00), so existing and new providers need no backfill.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_calendars', (t) => {
    t.uuid('provider_id').primary().references('user_id').inTable('provider_profiles').onDelete('CASCADE');
    t.jsonb('weekly_hours').notNullable();
    t.specificType('open_holidays', 'date[]').notNullable().defaultTo('{}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_calendars');
}
