import type { Knex } from 'knex';

/**
 * The refunds a provider records after a paid booking is cancelled: each one made (amount, day, bank
 * reference), and on the booking their sum, so the payment status can say "Rimborsato" (all the refund
 * due was given back) or "Rimborso parziale" (part of it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('id').inTable('bookings').onDelete('CASCADE');
    t.decimal('amount', 12, 2).notNullable();
    t.date('refunded_on').notNullable();
    t.text('reference').notNullable();
    t.uuid('recorded_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount > 0', [], 'booking_refunds_amount_check');
    t.index(['booking_id', 'created_at']);
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.decimal('refunded_amount', 12, 2);
    t.check(
      'refunded_amount IS NULL OR (refunded_amount > 0 AND refunded_amount <= total_amount)',
      [],
      'bookings_refunded_amount_check',
    );
  });
  await knex.raw('ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check');
  await knex.raw(
    `ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check
       CHECK (payment_status IN ('pending', 'completed', 'partially_refunded', 'refunded'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE bookings SET payment_status = 'refunded' WHERE payment_status = 'partially_refunded'`);
  await knex.raw('ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check');
  await knex.raw(
    `ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check
       CHECK (payment_status IN ('pending', 'completed', 'refunded'))`,
  );
  await knex.schema.alterTable('bookings', (t) => {
    t.dropChecks(['bookings_refunded_amount_check']);
    t.dropColumn('refunded_amount');
  });
  await knex.schema.dropTable('booking_refunds');
}
