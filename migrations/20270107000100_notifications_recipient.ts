import type { Knex } from 'knex';

/**
 * A notification for one person of the organisation that owns it: recipient_user_id. Null (every notification
 * until now) is the organisation's, which every member reads; set, only that person sees, counts and marks it
 * while acting for that organisation (src/models/notifications/scope.ts seenBy). The support team's notice of
 * an "Accedi come" is the first such: it tells the person their account was viewed, not their colleagues.
 *
 * - unread_notifications_upto (migration 20261207090000) takes the person too and leaves out the unread
 *   notifications addressed to someone else, with the same rule as seenBy.
 * - notifications_unread_newest_idx carries recipient_user_id (INCLUDE), so that the count still reads the
 *   index alone, stopping at the cap, without visiting the rows to learn whom each is for.
 * - notifications_recipient_idx: a person's own notices, for the erasure of their account and for the
 *   cascade when a person's row is deleted; only the rows that name one.
 */
const COUNT_SETTINGS = 'SET enable_bitmapscan = off SET enable_seqscan = off';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications ADD COLUMN recipient_user_id uuid REFERENCES users (id) ON DELETE CASCADE');
  await knex.raw(
    'CREATE INDEX notifications_recipient_idx ON notifications (recipient_user_id) WHERE recipient_user_id IS NOT NULL',
  );
  await knex.raw('DROP INDEX notifications_unread_newest_idx');
  await knex.raw(`CREATE INDEX notifications_unread_newest_idx ON notifications (user_id, created_at DESC, id DESC)
    INCLUDE (recipient_user_id) WHERE NOT read`);
  await knex.raw('DROP FUNCTION unread_notifications_upto(uuid, integer)');
  await knex.raw(`
    CREATE FUNCTION unread_notifications_upto(owner uuid, person uuid, cap integer) RETURNS integer
    LANGUAGE plpgsql STABLE ${COUNT_SETTINGS} AS $$
    BEGIN
      RETURN (SELECT count(*)::integer FROM (
        SELECT 1 FROM notifications
        WHERE user_id = owner AND (recipient_user_id IS NULL OR recipient_user_id = person) AND NOT read
        ORDER BY created_at DESC, id DESC LIMIT cap
      ) AS unread);
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION unread_notifications_upto(uuid, uuid, integer)');
  await knex.raw(`
    CREATE FUNCTION unread_notifications_upto(owner uuid, cap integer) RETURNS integer
    LANGUAGE plpgsql STABLE ${COUNT_SETTINGS} AS $$
    BEGIN
      RETURN (SELECT count(*)::integer FROM (
        SELECT 1 FROM notifications WHERE user_id = owner AND NOT read ORDER BY created_at DESC, id DESC LIMIT cap
      ) AS unread);
    END $$`);
  await knex.raw('DROP INDEX notifications_unread_newest_idx');
  await knex.raw(
    'CREATE INDEX notifications_unread_newest_idx ON notifications (user_id, created_at DESC, id DESC) WHERE NOT read',
  );
  await knex.raw('DROP INDEX notifications_recipient_idx');
  await knex.raw('ALTER TABLE notifications DROP COLUMN recipient_user_id');
}
