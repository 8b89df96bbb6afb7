import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.text('user_type').notNullable().defaultTo('client');
    t.text('company_name');
    t.text('first_name');
    t.text('last_name');
    t.text('phone');
    t.timestamp('email_verified_at', { useTz: true });
    t.timestamp('last_login_at', { useTz: true });
    t.timestamps(true, true, false);
    t.check(`user_type IN ('client', 'provider')`, [], 'users_user_type_check');
    t.check(`email = btrim(email) AND position('@' in email) > 1`, [], 'users_email_check');
  });
  // One account per address whatever its capitalisation.
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
