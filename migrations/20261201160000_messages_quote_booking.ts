import type { Knex } from 'knex';

/**
 * The message a provider's quote leaves in the inquiry thread it answers: it names the booking the quote
 * created, so the thread shows a link to it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.uuid('quote_booking_id').references('id').inTable('bookings').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.dropColumn('quote_booking_id');
  });
}
