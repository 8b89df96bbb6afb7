import type { Knex } from 'knex';

/**
 * An administrator invites a person by email to join their organisation with a role: a single-use link,
 * valid seven days, of which only the SHA-256 is stored (as auth_tokens). One pending invitation per
 * address and organisation: a new one replaces it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invitations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('role').notNullable();
    t.text('token_hash').notNullable().unique();
    t.uuid('invited_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organisation_id']);
    t.index(['invited_by']);
    t.check(`role IN ('admin', 'safety', 'site', 'accounts', 'office', 'trainer')`, [], 'invitations_role_check');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX invitations_pending_email ON invitations (organisation_id, lower(email)) WHERE accepted_at IS NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invitations');
}
