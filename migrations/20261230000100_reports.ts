import type { Knex } from 'knex';

/**
 * Reports ("Segnala") and what the team hides after them. A signed-in person reports a review, a message, a
 * service or a provider's page with a reason from a fixed list (src/lib/reports.ts) and a note; one open
 * report per person per item (a partial unique index). The author's own request to look again at a hidden
 * review they edited is a report without a reporter person (reason 'edited').
 *
 * hidden_items holds what the team hid, with the reason the author was told: each item's own visibility
 * follows it in the same transaction (reviews.hidden_at and messages.hidden_at; services.active and
 * provider_profiles.active, which every public read, the search's indexes and its counters already
 * respect). A review's author may edit it once while it is hidden (edited_at).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // A person erased later leaves the report, without them.
    t.uuid('reporter_id').references('id').inTable('users').onDelete('SET NULL');
    t.uuid('organisation_id').references('id').inTable('organisations').onDelete('SET NULL');
    t.text('item_type').notNullable();
    t.uuid('item_id').notNullable();
    t.text('reason').notNullable();
    t.text('note');
    t.text('status').notNullable().defaultTo('open');
    t.text('outcome');
    // The operator who closed it (no foreign key, as audit_events.operator_id).
    t.uuid('closed_by');
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`item_type IN ('review', 'message', 'listing', 'provider')`, [], 'reports_item_type_check');
    t.check(
      `reason IN ('offensive', 'spam', 'misleading', 'personal_data', 'other', 'edited')`,
      [],
      'reports_reason_check',
    );
    t.check(`status IN ('open', 'dismissed', 'actioned')`, [], 'reports_status_check');
    t.check(`outcome IN ('hidden', 'kept', 'restored', 'still_hidden')`, [], 'reports_outcome_check');
    t.check(`(status = 'open') = (closed_at IS NULL)`, [], 'reports_closed_check');
    t.index(['item_type', 'item_id', 'status']);
    t.index(['status', 'created_at']);
  });
  await knex.raw(`CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports (reporter_id, item_type, item_id)
    WHERE status = 'open'`);
  await knex.schema.createTable('hidden_items', (t) => {
    t.text('item_type').notNullable();
    t.uuid('item_id').notNullable();
    t.text('reason').notNullable();
    t.uuid('hidden_by');
    t.timestamp('hidden_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('edited_at', { useTz: true });
    t.primary(['item_type', 'item_id']);
    t.check(`item_type IN ('review', 'message', 'listing', 'provider')`, [], 'hidden_items_item_type_check');
  });
  await knex.schema.alterTable('messages', (t) => {
    t.timestamp('hidden_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => t.dropColumn('hidden_at'));
  await knex.schema.dropTable('hidden_items');
  await knex.schema.dropTable('reports');
}
