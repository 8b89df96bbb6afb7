import type { Knex } from 'knex';

/**
 * The working days a booking takes, when it takes more than one (a 16-hour course over two days):
 * [{"date":"2026-12-03","start":"09:00","end":"18:00"}, …]; null for a booking of one day. And whether an
 * on-request booking asked for a time outside the provider's opening hours, for the provider to see.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.jsonb('days');
    t.boolean('outside_hours').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumns('days', 'outside_hours');
  });
}
