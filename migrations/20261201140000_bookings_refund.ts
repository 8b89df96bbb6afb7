import type { Knex } from 'knex';

/**
 * What a cancellation refunds: the percentage of the provider's cancellation policy that applied
 * (100 when the provider cancels) and the amount it gives back of the booking's total, fixed when the
 * booking is cancelled. Null for bookings that were never cancelled after confirmation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.smallint('refund_percentage');
    t.decimal('refund_amount', 12, 2);
    t.check('refund_percentage BETWEEN 0 AND 100', [], 'bookings_refund_percentage_check');
    t.check('refund_amount >= 0 AND refund_amount <= total_amount', [], 'bookings_refund_amount_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_refund_percentage_check', 'bookings_refund_amount_check']);
    t.dropColumns('refund_percentage', 'refund_amount');
  });
}
