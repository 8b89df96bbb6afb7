import type { Knex } from 'knex';

/**
 * Who did what. Every step a member takes on a booking (making it, confirming, quoting, answering a quote,
 * withdrawing, rejecting, cancelling, completing, no-show, payment, refund, the attendance register, the
 * attestati issued) is a row of booking_events: the member (a person, users.id) and the organisation they
 * acted for, written in the transaction of the step. Steps taken before, and those of the jobs, have no
 * member. An attestato also keeps the member who issued it.
 *
 * Trainers: a provider's edition, and an appointment booking, may be assigned to one of its members (a
 * person, users.id), who as a trainer sees only what is assigned to them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.uuid('member_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('action').notNullable();
    t.text('note');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['booking_id', 'at'], 'booking_events_booking_at_index');
    t.index(['organisation_id', 'at'], 'booking_events_organisation_at_index');
  });
  await knex.schema.alterTable('attestati', (t) => {
    t.uuid('issued_by_member').references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.schema.alterTable('course_editions', (t) => {
    t.uuid('trainer_member_id').references('id').inTable('users').onDelete('SET NULL');
    t.index(['trainer_member_id'], 'course_editions_trainer_member_index');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.uuid('trainer_member_id').references('id').inTable('users').onDelete('SET NULL');
    t.index(['trainer_member_id'], 'bookings_trainer_member_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropIndex(['trainer_member_id'], 'bookings_trainer_member_index');
    t.dropColumn('trainer_member_id');
  });
  await knex.schema.alterTable('course_editions', (t) => {
    t.dropIndex(['trainer_member_id'], 'course_editions_trainer_member_index');
    t.dropColumn('trainer_member_id');
  });
  await knex.schema.alterTable('attestati', (t) => {
    t.dropColumn('issued_by_member');
  });
  await knex.schema.dropTable('booking_events');
}
