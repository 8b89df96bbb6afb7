import type { Knex } from 'knex';

/**
 * Disputes ("Segnala un problema"): a party of a booking reports a problem (a reason and a description),
 * both parties and the operators write in its thread (with files, kept by the house storage as booking
 * documents are), and an operator records a decision that both parties see. One open dispute per booking
 * (a partial unique index); a decided one may be followed by another.
 *
 * A decision that finds a refund owed adds it to bookings.dispute_refund_amount: the provider gives it back
 * by bank transfer and records it with the booking's refund form, as after a cancellation. Nothing moves
 * money here.
 *
 * An operator's step on a booking (the decision) is a row of booking_events without an organisation: the
 * operator acts for none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('disputes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('opened_by_party').notNullable();
    t.uuid('opened_by_organisation').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.uuid('opened_by_member').references('id').inTable('users').onDelete('SET NULL');
    t.text('reason').notNullable();
    t.text('description').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.text('decision_kind');
    t.decimal('decision_amount', 12, 2);
    t.text('decision_text');
    t.uuid('decided_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`opened_by_party IN ('client', 'provider')`, [], 'disputes_party_check');
    t.check(
      `reason IN ('not_delivered', 'not_as_described', 'refund_not_received', 'other')`,
      [],
      'disputes_reason_check',
    );
    t.check(`status IN ('open', 'decided')`, [], 'disputes_status_check');
    t.check(
      `(status = 'open' AND decision_kind IS NULL AND decided_at IS NULL)
        OR (status = 'decided' AND decision_kind IN ('refund_owed', 'partial', 'no_action') AND decided_at IS NOT NULL
            AND decision_text IS NOT NULL)`,
      [],
      'disputes_decision_check',
    );
    t.check('decision_amount IS NULL OR decision_amount >= 0', [], 'disputes_amount_check');
    t.index(['booking_id', 'created_at'], 'disputes_booking_index');
    t.index(['status', 'created_at'], 'disputes_queue_index');
  });
  await knex.raw(`CREATE UNIQUE INDEX disputes_one_open_per_booking ON disputes (booking_id) WHERE status = 'open'`);
  await knex.schema.createTable('dispute_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('dispute_id').notNullable().references('id').inTable('disputes').onDelete('CASCADE');
    t.text('author_kind').notNullable();
    t.uuid('author_organisation').references('id').inTable('organisations').onDelete('SET NULL');
    t.uuid('author_member').references('id').inTable('users').onDelete('SET NULL');
    t.text('body').notNullable();
    t.text('attachment_name');
    t.text('attachment_mime');
    t.integer('attachment_size');
    t.text('attachment_key');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`author_kind IN ('client', 'provider', 'operator')`, [], 'dispute_messages_author_check');
    t.index(['dispute_id', 'created_at'], 'dispute_messages_dispute_index');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.decimal('dispute_refund_amount', 12, 2);
    t.check(
      'dispute_refund_amount IS NULL OR (dispute_refund_amount >= 0 AND dispute_refund_amount <= total_amount)',
      [],
      'bookings_dispute_refund_amount_check',
    );
  });
  await knex.raw('ALTER TABLE booking_events ALTER COLUMN organisation_id DROP NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM booking_events WHERE organisation_id IS NULL');
  await knex.raw('ALTER TABLE booking_events ALTER COLUMN organisation_id SET NOT NULL');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_dispute_refund_amount_check']);
    t.dropColumn('dispute_refund_amount');
  });
  await knex.schema.dropTable('dispute_messages');
  await knex.schema.dropTable('disputes');
}
