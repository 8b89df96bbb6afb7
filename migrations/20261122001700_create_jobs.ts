import type { Knex } from 'knex';

// The background queue: emails and other deferred work, claimed with FOR UPDATE SKIP LOCKED by any worker.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id').primary();
    t.text('type').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable().defaultTo(10);
    t.timestamp('locked_until', { useTz: true });
    t.text('last_error');
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('failed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('attempts >= 0 AND max_attempts >= 1', [], 'jobs_attempts_check');
    t.index(['type', 'created_at']);
  });
  await knex.raw('CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE completed_at IS NULL AND failed_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('jobs');
}
