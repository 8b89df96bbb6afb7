import type { Knex } from 'knex';

/**
 * Conversations between one client and one provider: one per booking, or an inquiry the client opens
 * from a provider's or a service's page before booking (one per client, provider and service, so a
 * second "Invia Messaggio" goes on the same conversation). The *_emailed_at columns throttle the emails
 * a party receives about the thread.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('message_threads', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('booking_id').references('id').inTable('bookings').onDelete('CASCADE');
    t.uuid('service_id').references('id').inTable('services').onDelete('SET NULL');
    t.timestamp('last_message_at', { useTz: true });
    t.timestamp('client_emailed_at', { useTz: true });
    t.timestamp('provider_emailed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('client_id <> provider_id', [], 'message_threads_parties_check');
    t.index(['client_id', 'last_message_at']);
    t.index(['provider_id', 'last_message_at']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX message_threads_booking_idx ON message_threads (booking_id) WHERE booking_id IS NOT NULL',
  );
  // A nil uuid stands for "no service" so that NULLs do not make every inquiry distinct.
  await knex.raw(`CREATE UNIQUE INDEX message_threads_inquiry_idx ON message_threads
    (client_id, provider_id, coalesce(service_id, '00000000-0000-0000-0000-000000000000'::uuid)) WHERE booking_id IS NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('message_threads');
}
