import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bookings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('booking_number').notNullable().unique();
    t.uuid('service_id').notNullable().references('id').inTable('services').onDelete('RESTRICT');
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.uuid('provider_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.text('status').notNullable().defaultTo('pending');
    t.text('booking_type').notNullable();
    // Snapshot of the service at booking time: later edits of the service do not rewrite history.
    t.text('service_title').notNullable();
    t.text('service_category').notNullable();
    t.date('requested_date').notNullable();
    t.time('requested_time').notNullable();
    t.time('end_time');
    t.decimal('duration_hours', 5, 2).notNullable().defaultTo(1);
    t.text('location_type').notNullable();
    t.text('location_address');
    t.text('location_city');
    t.string('location_province', 2);
    t.string('location_postal_code', 5);
    t.double('location_lat');
    t.double('location_lng');
    t.integer('participants_count').notNullable().defaultTo(1);
    t.text('client_notes');
    t.specificType('special_requirements', 'text[]').notNullable().defaultTo('{}');
    // Money: numeric, tax included in total_amount (tax = total x 22 / 122).
    t.decimal('base_amount', 12, 2).notNullable();
    t.jsonb('additional_costs').notNullable().defaultTo('[]'); // [{ name, amount, type, description }]
    t.decimal('discount_amount', 12, 2).notNullable().defaultTo(0);
    t.decimal('tax_amount', 12, 2).notNullable();
    t.decimal('total_amount', 12, 2).notNullable();
    t.string('currency', 3).notNullable().defaultTo('EUR');
    t.text('payment_status').notNullable().defaultTo('pending');
    t.text('cancellation_reason');
    t.uuid('cancelled_by').references('id').inTable('users');
    t.text('rejection_reason');
    t.uuid('idempotency_key').notNullable();
    t.timestamp('quoted_at', { useTz: true });
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('rejected_at', { useTz: true });
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('no_show_at', { useTz: true });
    t.timestamps(true, true, false);
    t.check(
      `status IN ('draft', 'pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show')`,
      [],
      'bookings_status_check',
    );
    t.check(`booking_type IN ('instant', 'on_request')`, [], 'bookings_booking_type_check');
    t.check(`location_type IN ('client_site', 'provider_site', 'remote')`, [], 'bookings_location_type_check');
    t.check(`payment_status IN ('pending', 'completed', 'refunded')`, [], 'bookings_payment_status_check');
    t.check(`currency = 'EUR'`, [], 'bookings_currency_check');
    t.check(`booking_number ~ '^BH[0-9A-Z-]+$'`, [], 'bookings_booking_number_check');
    t.check('participants_count >= 1', [], 'bookings_participants_count_check');
    t.check('duration_hours > 0', [], 'bookings_duration_check');
    t.check(
      'base_amount >= 0 AND discount_amount >= 0 AND tax_amount >= 0 AND total_amount >= 0',
      [],
      'bookings_amounts_check',
    );
    t.check(`jsonb_typeof(additional_costs) = 'array'`, [], 'bookings_additional_costs_check');
    t.check('client_id <> provider_id', [], 'bookings_parties_check');
    t.check(`status <> 'confirmed' OR confirmed_at IS NOT NULL`, [], 'bookings_confirmed_at_check');
    t.check(`status <> 'completed' OR completed_at IS NOT NULL`, [], 'bookings_completed_at_check');
    t.check(`status <> 'cancelled' OR cancelled_at IS NOT NULL`, [], 'bookings_cancelled_at_check');
    // A repeated submission of the same form creates nothing new.
    t.unique(['client_id', 'idempotency_key'], { indexName: 'bookings_client_idempotency_unique' });
    t.index(['service_id']);
    t.index(['provider_id', 'created_at']);
    t.index(['cancelled_by']);
  });
  await knex.raw(`CREATE INDEX bookings_pending_created_idx ON bookings (created_at) WHERE status = 'pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bookings');
}
