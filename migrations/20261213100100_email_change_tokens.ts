import type { Knex } from 'knex';

/** A change of login email is confirmed by a link to the new address: a token that carries that address. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check');
  await knex.raw(`ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check
    CHECK (purpose IN ('email_verification', 'password_reset', 'email_change'))`);
  await knex.schema.alterTable('auth_tokens', (t) => t.text('new_email'));
  await knex.raw(`ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_new_email_check
    CHECK ((purpose = 'email_change') = (new_email IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('auth_tokens').where({ purpose: 'email_change' }).delete();
  await knex.raw('ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_new_email_check');
  await knex.schema.alterTable('auth_tokens', (t) => t.dropColumn('new_email'));
  await knex.raw('ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check');
  await knex.raw(`ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check
    CHECK (purpose IN ('email_verification', 'password_reset'))`);
}
