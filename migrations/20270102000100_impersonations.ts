import type { Knex } from 'knex';

/**
 * "Accedi come": an operator's read-only session as one person in one of their organisations, with the
 * reason they gave and a time limit. A row ends once (ended_at, ended_how): by the banner's "Termina", its
 * time limit, signing out, or the person (or the organisation) no longer available. The audit trail records
 * its start and its end; this table is what each request of the operator's session checks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('impersonations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('operator_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('person_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('reason').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('ended_at', { useTz: true });
    t.text('ended_how');
    t.index(['operator_id', 'started_at']);
    t.index(['person_id', 'started_at']);
  });
  await knex.raw(`ALTER TABLE impersonations ADD CONSTRAINT impersonations_ended_how_check
    CHECK (ended_how IN ('ended', 'expired', 'signed_out', 'unavailable'))`);
  await knex.raw(`ALTER TABLE impersonations ADD CONSTRAINT impersonations_ended_check
    CHECK ((ended_at IS NULL) = (ended_how IS NULL) AND expires_at > started_at)`);
  // The periodic task that closes lapsed ones reads only the open rows.
  await knex.raw('CREATE INDEX impersonations_open_idx ON impersonations (expires_at) WHERE ended_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('impersonations');
}
