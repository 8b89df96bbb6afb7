import type { Knex } from 'knex';

/**
 * A job may be retried until a moment rather than a number of times (emails: an SMTP outage of any
 * length up to that moment loses nothing). NULL keeps the count of max_attempts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.timestamp('retry_until', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('retry_until');
  });
}
