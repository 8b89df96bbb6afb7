import type { Knex } from 'knex';

/**
 * "Scarica i tuoi dati": one row per request. The job runner builds the archive (storage key file_key) and
 * marks it ready; its link works for its owner until expires_at (24 hours after it is ready).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('data_exports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.text('file_key');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ready_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE data_exports ADD CONSTRAINT data_exports_status_check
    CHECK (status IN ('pending', 'ready') AND ((status = 'ready') = (file_key IS NOT NULL AND expires_at IS NOT NULL)))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('data_exports');
}
