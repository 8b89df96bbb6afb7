import type { Knex } from 'knex';

/**
 * What every signed-in page counts for its header (src/models/users/session-user.ts sessionUserQuery): the user's
 * unread notifications and unread messages, each up to the header's cap of 100 ("99+" past it).
 *
 * - unread_notifications_upto and unread_messages_upto count them walking an index of the user's unread
 *   rows and stopping at the cap. The session read is a prepared statement whose generic plan is made for a
 *   typical user, with a few unread: PostgreSQL then chooses a bitmap scan, which reads every unread entry
 *   of the user before any LIMIT (1.2 ms of each request for the benchmark's busy client, 24,527 unread
 *   notifications). The functions' own settings leave them an index scan, and their order the one index that
 *   gives it without a sort, which stops at the cap whatever the statistics say. PL/pgSQL keeps each
 *   function's plan for the connection (an SQL function with settings would plan its query on every call).
 * - notifications_unread_newest_idx replaces the (user_id) index of the unread notifications with one in
 *   the order the dashboard lists them (created_at DESC, id DESC): its newest five are read from the front
 *   of the index, not sorted out of all the unread.
 * - messages.recipient_id, set from the thread by a trigger on every insert: a user's unread messages were
 *   found through every thread they take part in (441 threads and 3.3 ms for the benchmark's busy provider);
 *   messages_unread_recipient_idx holds them directly.
 */
const COUNT_SETTINGS = 'SET enable_bitmapscan = off SET enable_seqscan = off';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX notifications_unread_newest_idx ON notifications (user_id, created_at DESC, id DESC) WHERE NOT read',
  );
  await knex.raw('DROP INDEX notifications_unread_idx');
  await knex.raw(`
    CREATE FUNCTION unread_notifications_upto(owner uuid, cap integer) RETURNS integer
    LANGUAGE plpgsql STABLE ${COUNT_SETTINGS} AS $$
    BEGIN
      RETURN (SELECT count(*)::integer FROM (
        SELECT 1 FROM notifications WHERE user_id = owner AND NOT read ORDER BY created_at DESC, id DESC LIMIT cap
      ) AS unread);
    END $$`);

  await knex.raw('ALTER TABLE messages ADD COLUMN recipient_id uuid REFERENCES users (id) ON DELETE CASCADE');
  await knex.raw(`UPDATE messages m
    SET recipient_id = CASE WHEN m.sender_id = t.client_id THEN t.provider_id ELSE t.client_id END
    FROM message_threads t WHERE t.id = m.thread_id`);
  await knex.raw('ALTER TABLE messages ALTER COLUMN recipient_id SET NOT NULL');
  await knex.raw(`
    CREATE FUNCTION messages_set_recipient() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT CASE WHEN NEW.sender_id = t.client_id THEN t.provider_id ELSE t.client_id END
        INTO NEW.recipient_id FROM message_threads t WHERE t.id = NEW.thread_id;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER messages_set_recipient BEFORE INSERT OR UPDATE OF thread_id, sender_id ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_set_recipient()`);
  await knex.raw(
    'CREATE INDEX messages_unread_recipient_idx ON messages (recipient_id, created_at DESC, id DESC) WHERE read_at IS NULL',
  );
  await knex.raw(`
    CREATE FUNCTION unread_messages_upto(owner uuid, cap integer) RETURNS integer
    LANGUAGE plpgsql STABLE ${COUNT_SETTINGS} AS $$
    BEGIN
      RETURN (SELECT count(*)::integer FROM (
        SELECT 1 FROM messages WHERE recipient_id = owner AND read_at IS NULL ORDER BY created_at DESC, id DESC LIMIT cap
      ) AS unread);
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION unread_messages_upto(uuid, integer)');
  await knex.raw('DROP TRIGGER messages_set_recipient ON messages');
  await knex.raw('DROP FUNCTION messages_set_recipient()');
  await knex.raw('ALTER TABLE messages DROP COLUMN recipient_id');
  await knex.raw('DROP FUNCTION unread_notifications_upto(uuid, integer)');
  await knex.raw('CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT read');
  await knex.raw('DROP INDEX notifications_unread_newest_idx');
}
