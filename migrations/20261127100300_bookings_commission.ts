import type { Knex } from 'knex';

/**
 * The platform's commission, fixed when a booking is completed: the rate in force then (percent), the amount
 * it applies to (the total without VAT) and the commission itself. Stored, never recomputed, so a later change
 * of the rate does not rewrite statements already sent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.decimal('commission_rate', 5, 2);
    t.decimal('commission_base_amount', 12, 2);
    t.decimal('commission_amount', 12, 2);
    t.check(
      `(commission_rate IS NULL) = (commission_amount IS NULL) AND (commission_rate IS NULL) = (commission_base_amount IS NULL)
       AND (commission_rate IS NULL OR (commission_rate >= 0 AND commission_amount >= 0 AND commission_base_amount >= 0))`,
      [],
      'bookings_commission_check',
    );
  });
  await knex.raw(
    'CREATE INDEX bookings_provider_completed_index ON bookings (provider_id, completed_at) WHERE commission_amount IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS bookings_provider_completed_index');
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_commission_check']);
    t.dropColumns('commission_rate', 'commission_base_amount', 'commission_amount');
  });
}
