import type { Knex } from 'knex';

/**
 * Approvals. A client organisation may require its administrators' approval of the bookings its other members
 * make: of every booking ('all') or of those whose total is above an amount ('above'). Such a booking is made
 * "In approvazione" (awaiting_approval), unseen by the provider until an administrator approves it; a rejected
 * one ends "Non approvata" (not_approved). A quote accepted by such a member waits the same way, the booking
 * still quoted. booking_approvals keeps each request: who asked, for what, the answers of a quote's acceptance
 * form, and the administrator's decision with its note.
 */
const BEFORE = `('pending', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show')`;
const AFTER = `('awaiting_approval', 'not_approved', 'pending', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('approval_rules', (t) => {
    t.uuid('organisation_id').primary().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('mode').notNullable();
    t.decimal('threshold', 10, 2);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`mode IN ('all', 'above')`, [], 'approval_rules_mode_check');
    t.check(
      `(mode = 'all' AND threshold IS NULL) OR (mode = 'above' AND threshold IS NOT NULL AND threshold > 0)`,
      [],
      'approval_rules_threshold_check',
    );
  });
  await knex.schema.createTable('booking_approvals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.uuid('requested_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('acceptance');
    t.text('decision');
    t.uuid('decided_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
    t.text('note');
    t.check(`kind IN ('booking', 'quote')`, [], 'booking_approvals_kind_check');
    t.check(`decision IS NULL OR decision IN ('approved', 'rejected')`, [], 'booking_approvals_decision_check');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX booking_approvals_open_idx ON booking_approvals (booking_id) WHERE decision IS NULL`,
  );
  await knex.raw(`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`);
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN ${AFTER})`);
}

export async function down(knex: Knex): Promise<void> {
  // A booking still waiting for its client's approval was never sent: it goes, as if never made.
  await knex.raw(`DELETE FROM bookings WHERE status IN ('awaiting_approval', 'not_approved')`);
  await knex.raw(`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`);
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN ${BEFORE})`);
  await knex.schema.dropTable('booking_approvals');
  await knex.schema.dropTable('approval_rules');
}
