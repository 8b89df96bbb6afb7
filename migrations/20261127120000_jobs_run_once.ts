import type { Knex } from 'knex';

/**
 * A job is run by one worker at a time by state, not by a lock that expires: `queued` jobs are claimed
 * one at a time into `running` with the claiming worker's id, and only that worker moves them on
 * (`done`, `failed`, or back to `queued` with a retry time). A running job of a worker that is provably
 * gone is queued again by the others (src/jobs/presence.ts). Worker ids come from their own
 * sequence, never reused, so a job cannot be mistaken for another worker's after a restart.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE job_worker_ids AS integer');
  await knex.schema.alterTable('jobs', (t) => {
    t.text('state').notNullable().defaultTo('queued');
    t.integer('worker_id');
  });
  await knex.raw(`UPDATE jobs SET state = CASE
    WHEN completed_at IS NOT NULL THEN 'done' WHEN failed_at IS NOT NULL THEN 'failed' ELSE 'queued' END`);
  await knex.raw(`ALTER TABLE jobs
    ADD CONSTRAINT jobs_state_check CHECK (state IN ('queued', 'running', 'done', 'failed')),
    ADD CONSTRAINT jobs_worker_check CHECK ((state = 'running') = (worker_id IS NOT NULL))`);
  await knex.raw('DROP INDEX jobs_due_idx');
  await knex.raw(`CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE state = 'queued'`);
  await knex.raw(`CREATE INDEX jobs_running_idx ON jobs (worker_id) WHERE state = 'running'`);
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('locked_until');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.timestamp('locked_until', { useTz: true });
  });
  await knex.raw('DROP INDEX jobs_running_idx');
  await knex.raw('DROP INDEX jobs_due_idx');
  await knex.raw('CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE completed_at IS NULL AND failed_at IS NULL');
  // A job running at rollback is queued again: the old schema has no notion of its worker.
  await knex.schema.alterTable('jobs', (t) => {
    t.dropChecks(['jobs_state_check', 'jobs_worker_check']);
    t.dropColumn('worker_id');
    t.dropColumn('state');
  });
  await knex.raw('DROP SEQUENCE job_worker_ids');
}
