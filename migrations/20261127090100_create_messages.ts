import type { Knex } from 'knex';

/**
 * The messages of a thread: the text as typed, an optional attachment (PDF or image, stored under a
 * random key), and when the recipient read it. The idempotency key makes a double submission one message.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('thread_id').notNullable().references('id').inTable('message_threads').onDelete('CASCADE');
    t.uuid('sender_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('body').notNullable();
    t.text('idempotency_key').notNullable();
    t.text('attachment_name');
    t.text('attachment_mime_type');
    t.integer('attachment_size_bytes');
    t.text('attachment_key').unique();
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['sender_id', 'idempotency_key']);
    t.check('char_length(body) BETWEEN 1 AND 5000', [], 'messages_body_check');
    t.check(
      '(attachment_key IS NULL) = (attachment_name IS NULL) AND (attachment_key IS NULL) = (attachment_mime_type IS NULL) AND (attachment_key IS NULL) = (attachment_size_bytes IS NULL)',
      [],
      'messages_attachment_check',
    );
    t.index(['thread_id', 'created_at']);
  });
  await knex.raw('CREATE INDEX messages_unread_idx ON messages (thread_id, sender_id) WHERE read_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('messages');
}
