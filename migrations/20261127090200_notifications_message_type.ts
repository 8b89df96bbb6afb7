import type { Knex } from 'knex';

const BEFORE = `'booking', 'booking_confirmed', 'booking_rejected', 'booking_cancelled', 'booking_completed',
  'booking_no_show', 'booking_expired', 'booking_quoted', 'booking_document', 'review', 'system'`;

// A new message in a thread is announced with its own type, so the notification leads to the thread.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${BEFORE}, 'message'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('notifications').where({ type: 'message' }).delete();
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${BEFORE}))`);
}
