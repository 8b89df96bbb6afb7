import type { Knex } from 'knex';

/**
 * What the waitlist and the minimum-participants rule need beyond the shared editions schema:
 * - minimum_notice_sent_at: the provider was asked (once) to confirm or cancel an edition under its minimum;
 * - cancellation_note: the provider's reason when they cancel, shown to the clients told of it;
 * - a booking made on an edition by a client whose waitlist offer it consumed is linked to that entry
 *   (the seat-keeping contract, takeSeats, runs before the booking row exists, so it cannot name it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('course_editions', (t) => {
    t.timestamp('minimum_notice_sent_at', { useTz: true });
    t.text('cancellation_note');
  });
  await knex.raw(`
    CREATE FUNCTION edition_waitlist_link_booking() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE edition_waitlist SET booking_id = NEW.id, updated_at = now()
       WHERE edition_id = NEW.edition_id AND client_id = NEW.client_id
         AND status = 'booked' AND booking_id IS NULL;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER bookings_link_waitlist AFTER INSERT ON bookings
    FOR EACH ROW WHEN (NEW.edition_id IS NOT NULL) EXECUTE FUNCTION edition_waitlist_link_booking()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER bookings_link_waitlist ON bookings');
  await knex.raw('DROP FUNCTION edition_waitlist_link_booking()');
  await knex.schema.alterTable('course_editions', (t) => {
    t.dropColumn('minimum_notice_sent_at');
    t.dropColumn('cancellation_note');
  });
}
