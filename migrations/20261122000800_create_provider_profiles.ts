import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_profiles', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('business_name').notNullable();
    t.string('vat_number', 11);
    t.string('fiscal_code', 16);
    t.text('professional_order');
    t.text('registration_number');
    t.text('address_street');
    t.text('address_city');
    t.string('address_province', 2).references('code').inTable('provinces');
    t.string('address_postal_code', 5);
    t.text('address_region');
    t.text('address_country').notNullable().defaultTo('Italia');
    t.double('address_lat');
    t.double('address_lng');
    t.text('contact_first_name');
    t.text('contact_last_name');
    t.text('contact_role');
    t.text('contact_email');
    t.text('contact_phone');
    t.text('phone');
    t.text('website');
    t.text('description');
    t.specificType('specializations', 'text[]').notNullable().defaultTo('{}');
    // [{ name, issuer, number, issue_date, expiry_date? }]
    t.jsonb('certifications').notNullable().defaultTo('[]');
    t.specificType('service_areas', 'text[]').notNullable().defaultTo('{}');
    t.specificType('languages', 'text[]').notNullable().defaultTo('{Italiano}');
    t.integer('experience_years');
    t.integer('team_size').notNullable().defaultTo(1);
    t.jsonb('availability_calendar').notNullable().defaultTo('{}');
    t.jsonb('pricing_model')
      .notNullable()
      .defaultTo(JSON.stringify({ type: 'hourly', base_rate: null, currency: 'EUR' }));
    t.jsonb('cancellation_policy')
      .notNullable()
      .defaultTo(JSON.stringify({ type: 'flexible', hours_before: 24, refund_percentage: 100 }));
    t.text('insurance_provider');
    t.decimal('insurance_coverage_amount', 12, 2);
    t.date('insurance_expiry_date');
    t.decimal('rating_average', 3, 2).notNullable().defaultTo(0);
    t.integer('reviews_count').notNullable().defaultTo(0);
    t.integer('completed_bookings').notNullable().defaultTo(0);
    t.boolean('verified').notNullable().defaultTo(false);
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('active').notNullable().defaultTo(true);
    t.text('profile_image');
    t.timestamps(true, true, false);
    t.check('experience_years >= 0', [], 'provider_profiles_experience_years_check');
    t.check('team_size >= 1', [], 'provider_profiles_team_size_check');
    t.check('rating_average BETWEEN 0 AND 5', [], 'provider_profiles_rating_average_check');
    t.check('reviews_count >= 0 AND completed_bookings >= 0', [], 'provider_profiles_counts_check');
    t.check(`jsonb_typeof(certifications) = 'array'`, [], 'provider_profiles_certifications_check');
    t.check('insurance_coverage_amount >= 0', [], 'provider_profiles_insurance_amount_check');
    t.check(`vat_number ~ '^[0-9]{11}$'`, [], 'provider_profiles_vat_number_check');
    t.check(`fiscal_code ~ '^([A-Z0-9]{16}|[0-9]{11})$'`, [], 'provider_profiles_fiscal_code_check');
    t.check(`address_postal_code ~ '^[0-9]{5}$'`, [], 'provider_profiles_postal_code_check');
    t.index(['address_province']);
  });
  await knex.raw('CREATE UNIQUE INDEX provider_profiles_vat_number_unique ON provider_profiles (vat_number)');
  await knex.raw('CREATE UNIQUE INDEX provider_profiles_fiscal_code_unique ON provider_profiles (fiscal_code)');
  await knex.raw(
    'CREATE INDEX provider_profiles_featured_idx ON provider_profiles (featured) WHERE featured AND active',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_profiles');
}
