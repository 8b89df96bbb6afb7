import type { Knex } from 'knex';

const BEFORE = `'booking', 'booking_confirmed', 'booking_rejected', 'booking_cancelled', 'booking_completed',
  'booking_no_show', 'booking_expired', 'booking_quoted', 'booking_document', 'review', 'system', 'message'`;

/**
 * Course editions (a waitlist seat offered, an edition confirmed or cancelled, a minimum to decide),
 * attestati issued, and scadenzario reminders each get their own type, so the notification leads to its page.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
     CHECK (type IN (${BEFORE}, 'edition', 'waitlist_offer', 'attestato', 'training_due'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('notifications').whereIn('type', ['edition', 'waitlist_offer', 'attestato', 'training_due']).delete();
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${BEFORE}))`);
}
