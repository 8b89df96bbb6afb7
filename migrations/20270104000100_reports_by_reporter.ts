import type { Knex } from 'knex';

/**
 * "Le mie segnalazioni" (/account/segnalazioni) reads a page of one person's reports, newest first: an index in
 * that order, so that the page reads those rows only, not every report.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX reports_reporter_created_idx ON reports (reporter_id, created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX reports_reporter_created_idx');
}
