import type { Knex } from 'knex';

/**
 * "Avvisami": a search saved with an email address. `params` are the search's own parameters as its parser
 * normalises them (validators/search.validator.ts), page 1. A visitor's address is confirmed by a link
 * (double opt-in: confirm_token_hash, the SHA-256 of the link's token, until confirmed_at); a signed-in
 * user's own address needs none. The daily job sends at most one email a day per confirmed search
 * (last_sent_at); every email carries the unsubscribe link, whose token is an unguessable value kept here.
 * Unsubscribing deletes the row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saved_searches', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').references('id').inTable('users').onDelete('CASCADE');
    t.text('email').notNullable();
    t.jsonb('params').notNullable();
    t.text('unsubscribe_token').notNullable().unique();
    t.text('confirm_token_hash').unique();
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_sent_at', { useTz: true });
    t.unique(['email', 'params']);
    t.index(['user_id']);
    t.check(`jsonb_typeof(params) = 'object'`, [], 'saved_searches_params_check');
    t.check('confirmed_at IS NOT NULL OR confirm_token_hash IS NOT NULL', [], 'saved_searches_confirmation_check');
  });
  await knex.raw(
    'CREATE INDEX saved_searches_confirmed_idx ON saved_searches (last_sent_at) WHERE confirmed_at IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('saved_searches');
}
