import type { Knex } from 'knex';

/**
 * Bookings completed before the commission was stored get it now, as the completion computes it (5% of the total
 * without VAT, rounded half up to the cent, src/lib/commission.ts), so that no completed booking escapes the
 * statements.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE bookings SET
      commission_rate = 5.00,
      commission_base_amount = greatest(0, total_amount - tax_amount),
      commission_amount = round(greatest(0, total_amount - tax_amount) * 5 / 100, 2)
    WHERE status = 'completed' AND commission_amount IS NULL`);
}

/** Nothing to undo here: the columns themselves go with the previous migration's down. */
export async function down(): Promise<void> {}
