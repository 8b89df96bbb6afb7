import type { Knex } from 'knex';

/**
 * Two-factor sign-in (TOTP): the account's secret, encrypted with ENCRYPTION_KEY (services/secret-box.service), the
 * moment it was turned on, and the last time step accepted (a code is never accepted twice); the ten
 * recovery codes, each stored as its SHA-256 and usable once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('totp_secret');
    t.timestamp('totp_enabled_at', { useTz: true });
    t.bigInteger('totp_last_step');
  });
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_totp_complete
    CHECK ((totp_secret IS NULL) = (totp_enabled_at IS NULL))`);
  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'code_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_recovery_codes');
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_totp_complete');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_last_step');
    t.dropColumn('totp_enabled_at');
    t.dropColumn('totp_secret');
  });
}
