import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_participants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email');
    t.text('phone');
    t.text('role');
    t.text('department');
    t.text('employee_id');
    t.text('special_needs');
    t.unique(['booking_id', 'position']);
    t.check('position >= 0', [], 'booking_participants_position_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('booking_participants');
}
