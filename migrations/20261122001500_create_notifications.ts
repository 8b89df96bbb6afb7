import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('title').notNullable();
    t.text('message').notNullable();
    t.jsonb('data').notNullable().defaultTo('{}'); // { booking_id }
    t.boolean('read').notNullable().defaultTo(false);
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(
      `type IN ('booking', 'booking_confirmed', 'booking_rejected', 'booking_cancelled', 'booking_completed',
                'booking_no_show', 'booking_expired', 'booking_quoted', 'booking_document', 'review', 'system')`,
      [],
      'notifications_type_check',
    );
    t.check('read = (read_at IS NOT NULL)', [], 'notifications_read_at_check');
    t.index(['user_id', 'created_at']);
  });
  await knex.raw('CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT read');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notifications');
}
