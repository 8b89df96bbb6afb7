import type { Knex } from 'knex';

/**
 * The operator's console: operators (people who run the site, members of no organisation, made only by
 * `npm run operator:create`), suspensions of organisations and people, and the audit trail of what
 * operators and the command line did. The trail is append-only in the database itself: a trigger refuses
 * every UPDATE, DELETE and TRUNCATE of audit_events, whoever the connection is.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operators', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('suspended_at', { useTz: true });
  });
  await knex.schema.alterTable('organisations', (t) => {
    t.timestamp('suspended_at', { useTz: true });
  });
  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Null for the command line; an operator who is later deleted leaves their rows (no foreign key).
    t.uuid('operator_id');
    t.text('action').notNullable();
    t.text('subject_type').notNullable();
    t.text('subject_id').notNullable();
    t.text('reason').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.index(['at']);
    t.index(['subject_type', 'subject_id']);
    t.index(['operator_id', 'at']);
  });
  await knex.raw(`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`);
  await knex.raw(`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
  await knex.raw(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_events');
  await knex.raw('DROP FUNCTION audit_events_append_only()');
  await knex.schema.alterTable('organisations', (t) => t.dropColumn('suspended_at'));
  await knex.schema.alterTable('users', (t) => t.dropColumn('suspended_at'));
  await knex.schema.dropTable('operators');
}
