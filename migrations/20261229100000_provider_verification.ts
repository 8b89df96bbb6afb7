import type { Knex } from 'knex';

/**
 * A provider's verification: the requests it sends with its documents (visura camerale, the qualification
 * as soggetto formatore, the registration of a medico competente, others), each decided by an operator
 * with a reason the provider reads. A document uploaded before the request is sent has no request yet
 * (request_id null: the organisation's draft); a document renewed after the approval joins the approved
 * request and the one it renews is marked replaced. The expiry reminder is recorded on the document, so
 * it is sent once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('verification_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('submitted');
    // The operator's reason: required for a rejection, the provider reads it.
    t.text('reason');
    t.uuid('submitted_by').references('id').inTable('users').onDelete('SET NULL');
    // The operator who decided; null for the command line.
    t.uuid('decided_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('decided_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status IN ('submitted', 'approved', 'rejected')`, [], 'verification_requests_status_check');
    t.index(['status', 'submitted_at']);
    t.index(['organisation_id', 'submitted_at']);
  });
  // One request waiting for a decision per organisation.
  await knex.raw(
    `CREATE UNIQUE INDEX verification_requests_one_waiting ON verification_requests (organisation_id) WHERE status = 'submitted'`,
  );
  await knex.schema.createTable('verification_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.uuid('request_id').references('id').inTable('verification_requests').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('file_key').notNullable();
    t.text('file_name').notNullable();
    t.text('mime_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.date('issued_on').notNullable();
    t.date('expires_on');
    t.uuid('uploaded_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // A renewal uploaded after the approval takes its place.
    t.timestamp('replaced_at', { useTz: true });
    t.timestamp('expiry_reminded_at', { useTz: true });
    t.check(
      `kind IN ('visura_camerale', 'soggetto_formatore', 'albo_professionale', 'altro')`,
      [],
      'verification_documents_kind_check',
    );
    t.index(['request_id']);
    t.index(['organisation_id']);
    t.index(['expires_on']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('verification_documents');
  await knex.schema.dropTable('verification_requests');
}
