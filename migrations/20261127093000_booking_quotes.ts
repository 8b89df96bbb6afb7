import type { Knex } from 'knex';

/**
 * A provider's quote becomes a state of its own ("quoted"): the client accepts it before anyone is bound.
 * The quote's figures live beside the estimate until the client accepts; a declined quote keeps its reason.
 *
 * Drafts go: no screen ever created or resumed one (the wizard sends a request in one step), so the seeded
 * "Bozza" rows were dead ends; they are deleted (their participants go with them, ON DELETE CASCADE).
 *
 * Quotes stored before this migration confirmed the booking at once (the quoted total is already the
 * booking's price): they get the quote columns filled from that price, valid until the day they were made.
 */
const WITH_DRAFT = `('draft', 'pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show')`;
const WITH_QUOTED = `('pending', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM bookings WHERE status = 'draft'`);
  await knex.raw(`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`);
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN ${WITH_QUOTED})`);
  await knex.schema.alterTable('bookings', (t) => {
    t.decimal('quote_total_amount', 12, 2);
    t.text('quote_includes');
    t.date('quote_valid_until');
    t.timestamp('quote_declined_at', { useTz: true });
    t.text('quote_decline_reason');
  });
  await knex.raw(`
    UPDATE bookings SET
      quote_total_amount = total_amount,
      quote_valid_until = (quoted_at AT TIME ZONE 'Europe/Rome')::date
    WHERE quoted_at IS NOT NULL`);
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_quote_check CHECK (
    (quoted_at IS NULL OR (quote_total_amount >= 0 AND quote_valid_until IS NOT NULL))
    AND (status <> 'quoted' OR (quoted_at IS NOT NULL AND quote_includes IS NOT NULL))
    AND (quote_declined_at IS NULL OR quote_decline_reason IS NOT NULL))`);
  // The job runner's expiry looks quotes up by their validity date.
  await knex.raw(
    `CREATE INDEX bookings_quoted_valid_until_idx ON bookings (quote_valid_until) WHERE status = 'quoted'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // A quote waiting for the client goes back to a request waiting for the provider.
  await knex.raw(
    `UPDATE bookings SET status = 'pending', quoted_at = NULL, estimated_total_amount = NULL WHERE status = 'quoted'`,
  );
  await knex.raw(`DROP INDEX bookings_quoted_valid_until_idx`);
  await knex.raw(`ALTER TABLE bookings DROP CONSTRAINT bookings_quote_check`);
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumns(
      'quote_total_amount',
      'quote_includes',
      'quote_valid_until',
      'quote_declined_at',
      'quote_decline_reason',
    );
  });
  await knex.raw(`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`);
  await knex.raw(`ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN ${WITH_DRAFT})`);
}
