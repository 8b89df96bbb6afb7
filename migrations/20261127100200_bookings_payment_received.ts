import type { Knex } from 'knex';

/** What the provider records when the client's payment arrives: the day it was received and how. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.date('paid_on');
    t.text('payment_method');
    t.timestamp('payment_recorded_at', { useTz: true });
    t.check(`payment_method IN ('bank_transfer', 'cheque', 'other')`, [], 'bookings_payment_method_check');
    t.check(
      `payment_status <> 'completed' OR paid_on IS NULL OR payment_method IS NOT NULL`,
      [],
      'bookings_payment_received_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_payment_method_check', 'bookings_payment_received_check']);
    t.dropColumns('paid_on', 'payment_method', 'payment_recorded_at');
  });
}
