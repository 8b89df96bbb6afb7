import type { Knex } from 'knex';

/**
 * A provider's quote replaces the price of a request: base_amount becomes the quoted total without VAT,
 * the additional costs and the discount of the estimate go, and the estimate's total is kept here so the
 * client can still see what the quote replaced. Quotes stored before this column kept the estimate's parts
 * beside the quoted total (the parts no longer added up): they are rewritten the same way.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.decimal('estimated_total_amount', 12, 2);
  });
  // The estimate as src/lib/pricing.ts adds it up: base + costs − discount, floored at 0, plus 22% VAT.
  await knex.raw(`
    UPDATE bookings b SET
      estimated_total_amount = round(greatest(0, b.base_amount
        + coalesce((SELECT sum((c->>'amount')::numeric) FROM jsonb_array_elements(b.additional_costs) c), 0)
        - b.discount_amount) * 1.22, 2),
      base_amount = b.total_amount - b.tax_amount,
      additional_costs = '[]'::jsonb,
      discount_amount = 0
    WHERE b.quoted_at IS NOT NULL`);
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_estimated_total_check
    CHECK (estimated_total_amount >= 0 AND (quoted_at IS NULL OR estimated_total_amount IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_estimated_total_check']);
    t.dropColumn('estimated_total_amount');
  });
}
