import type { Knex } from 'knex';

/**
 * Course editions: a training service (one with a training kind) may be delivered on fixed dates with a
 * number of seats. Seats are counted on the edition row: a booking takes its participants in the
 * transaction that inserts it (UPDATE ... WHERE seats_taken + n + seats_held <= seats), a cancelled,
 * rejected or expired booking gives them back, and a seat held for a waitlist offer is counted apart. The
 * CHECK makes overselling impossible whatever the code does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    // Which mandatory training the course delivers (src/lib/training-kinds.ts), initial or update.
    t.text('training_kind');
    t.text('training_scope');
    t.check(
      `(training_kind IS NULL AND training_scope IS NULL) OR
       (training_kind IS NOT NULL AND training_scope IN ('iniziale', 'aggiornamento'))`,
      [],
      'services_training_check',
    );
  });

  await knex.schema.createTable('course_editions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('service_id').notNullable().references('id').inTable('services').onDelete('RESTRICT');
    t.uuid('provider_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.text('status').notNullable().defaultTo('scheduled');
    // [{ date: 'YYYY-MM-DD', start: 'HH:MM', end: 'HH:MM' }] in order; first and last day kept apart for
    // ordering and for the lead-time check.
    t.jsonb('sessions').notNullable();
    t.date('starts_on').notNullable();
    t.date('ends_on').notNullable();
    t.decimal('hours', 5, 2).notNullable();
    t.text('delivery_mode').notNullable();
    t.text('venue_address');
    t.text('venue_city');
    t.string('venue_province', 2).references('code').inTable('provinces');
    t.double('venue_lat');
    t.double('venue_lng');
    t.integer('seats').notNullable();
    t.integer('min_participants').notNullable().defaultTo(1);
    t.integer('seats_taken').notNullable().defaultTo(0);
    // Seats freed in a full edition and held for a waitlist offer not yet answered.
    t.integer('seats_held').notNullable().defaultTo(0);
    t.timestamp('booking_deadline', { useTz: true }).notNullable();
    // Net of VAT, in the service's pricing unit; NULL: the service's base price.
    t.decimal('price', 12, 2);
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    // 'provider' or 'minimum' (cancelled automatically for lack of participants).
    t.text('cancelled_reason');
    t.timestamps(true, true, false);
    t.check(`status IN ('scheduled', 'confirmed', 'cancelled')`, [], 'course_editions_status_check');
    t.check(`delivery_mode IN ('in_person', 'online_sync')`, [], 'course_editions_delivery_mode_check');
    t.check(
      `jsonb_typeof(sessions) = 'array' AND jsonb_array_length(sessions) >= 1`,
      [],
      'course_editions_sessions_check',
    );
    t.check('ends_on >= starts_on', [], 'course_editions_days_check');
    t.check('hours > 0', [], 'course_editions_hours_check');
    t.check('seats >= 1 AND min_participants >= 1 AND min_participants <= seats', [], 'course_editions_seats_check');
    t.check(
      'seats_taken >= 0 AND seats_held >= 0 AND seats_taken + seats_held <= seats',
      [],
      'course_editions_no_overselling',
    );
    t.check('price IS NULL OR price >= 0', [], 'course_editions_price_check');
    t.check(`(status = 'cancelled') = (cancelled_at IS NOT NULL)`, [], 'course_editions_cancelled_check');
    t.check('(venue_lat IS NULL) = (venue_lng IS NULL)', [], 'course_editions_coordinates_check');
    t.index(['service_id', 'starts_on']);
    t.index(['provider_id', 'starts_on']);
  });
  await knex.raw(
    `CREATE INDEX course_editions_upcoming_idx ON course_editions (starts_on) WHERE status <> 'cancelled'`,
  );

  await knex.schema.alterTable('bookings', (t) => {
    t.uuid('edition_id').references('id').inTable('course_editions').onDelete('RESTRICT');
    t.index(['edition_id']);
  });

  await knex.schema.createTable('edition_waitlist', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('edition_id').notNullable().references('id').inTable('course_editions').onDelete('RESTRICT');
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('RESTRICT');
    t.integer('seats').notNullable().defaultTo(1);
    // waiting -> offered -> booked | expired; withdrawn by the client; closed when the edition is cancelled.
    t.text('status').notNullable().defaultTo('waiting');
    t.timestamp('offered_at', { useTz: true });
    t.timestamp('offer_expires_at', { useTz: true });
    t.uuid('booking_id').references('id').inTable('bookings').onDelete('RESTRICT');
    t.timestamps(true, true, false);
    t.check(
      `status IN ('waiting', 'offered', 'booked', 'expired', 'withdrawn', 'closed')`,
      [],
      'edition_waitlist_status_check',
    );
    t.check('seats >= 1', [], 'edition_waitlist_seats_check');
    t.check(`(status = 'offered') <= (offer_expires_at IS NOT NULL)`, [], 'edition_waitlist_offer_check');
    t.index(['edition_id', 'created_at']);
  });
  // One live place in line per client and edition.
  await knex.raw(`
    CREATE UNIQUE INDEX edition_waitlist_one_live_idx ON edition_waitlist (edition_id, client_id)
    WHERE status IN ('waiting', 'offered')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('edition_waitlist');
  await knex.schema.alterTable('bookings', (t) => t.dropColumn('edition_id'));
  await knex.schema.dropTable('course_editions');
  await knex.schema.alterTable('services', (t) => {
    t.dropChecks(['services_training_check']);
    t.dropColumn('training_kind');
    t.dropColumn('training_scope');
  });
}
