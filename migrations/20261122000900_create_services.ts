import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('services', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('user_id').inTable('provider_profiles').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description').notNullable();
    t.text('detailed_description');
    t.text('category').notNullable().references('id').inTable('categories');
    t.text('subcategory');
    t.boolean('active').notNullable().defaultTo(true);
    t.boolean('featured').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('active');
    t.text('service_type').notNullable().defaultTo('on_request');
    t.text('availability').notNullable().defaultTo('on_request');
    // pricing
    t.decimal('base_price', 12, 2).notNullable();
    t.text('pricing_unit').notNullable().defaultTo('fixed');
    t.string('currency', 3).notNullable().defaultTo('EUR');
    t.jsonb('additional_costs').notNullable().defaultTo('[]'); // [{ name, type: fixed|percentage, amount }]
    t.jsonb('discounts').notNullable().defaultTo('[]'); // [{ type: fixed|percentage, value }]
    t.specificType('service_areas', 'text[]').notNullable().defaultTo('{}');
    t.text('location_type').notNullable().defaultTo('flexible');
    t.text('location_address');
    t.text('location_city');
    t.string('location_province', 2).references('code').inTable('provinces');
    t.string('location_postal_code', 5);
    t.string('location_country', 2).notNullable().defaultTo('IT');
    t.double('location_lat');
    t.double('location_lng');
    t.integer('duration_hours');
    t.integer('max_participants');
    t.specificType('deliverables', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('requirements').notNullable().defaultTo('[]'); // [{ name, mandatory, description }]
    t.specificType('certifications_provided', 'text[]').notNullable().defaultTo('{}');
    t.specificType('languages', 'text[]').notNullable().defaultTo('{Italiano}');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.decimal('rating_average', 3, 2).notNullable().defaultTo(0);
    t.integer('reviews_count').notNullable().defaultTo(0);
    // Maintained by trigger: weighted Italian full-text vector and a folded text for trigram matching.
    t.specificType('search_vector', 'tsvector');
    t.text('search_text');
    t.timestamps(true, true, false);
    t.check(`status IN ('draft', 'active', 'paused', 'archived')`, [], 'services_status_check');
    t.check(`service_type IN ('instant', 'on_request')`, [], 'services_service_type_check');
    t.check(
      `availability IN ('immediate', 'within_week', 'within_month', 'on_request')`,
      [],
      'services_availability_check',
    );
    t.check(
      `pricing_unit IN ('fixed', 'per_hour', 'per_day', 'per_participant', 'per_employee')`,
      [],
      'services_pricing_unit_check',
    );
    t.check(
      `location_type IN ('on_site', 'remote', 'provider_location', 'flexible')`,
      [],
      'services_location_type_check',
    );
    t.check(`currency = 'EUR'`, [], 'services_currency_check');
    t.check('base_price >= 0', [], 'services_base_price_check');
    t.check('duration_hours >= 1', [], 'services_duration_hours_check');
    t.check('max_participants >= 1', [], 'services_max_participants_check');
    t.check('rating_average BETWEEN 0 AND 5 AND reviews_count >= 0', [], 'services_rating_check');
    t.check(
      `jsonb_typeof(additional_costs) = 'array' AND jsonb_typeof(discounts) = 'array'`,
      [],
      'services_costs_check',
    );
    t.check(`jsonb_typeof(requirements) = 'array'`, [], 'services_requirements_check');
    t.check('(location_lat IS NULL) = (location_lng IS NULL)', [], 'services_coordinates_check');
    t.check(`location_postal_code ~ '^[0-9]{5}$'`, [], 'services_postal_code_check');
    t.index(['provider_id']);
    t.index(['category']);
    t.index(['location_province']);
  });

  await knex.raw(`
    CREATE FUNCTION services_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      category_label text;
    BEGIN
      SELECT label INTO category_label FROM categories WHERE id = NEW.category;
      NEW.search_vector :=
        setweight(to_tsvector('it_unaccent', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('it_unaccent', concat_ws(' ', NEW.subcategory, array_to_string(NEW.tags, ' '), category_label)), 'B') ||
        setweight(to_tsvector('it_unaccent', coalesce(NEW.description, '')), 'C') ||
        setweight(to_tsvector('it_unaccent', concat_ws(' ', NEW.detailed_description, array_to_string(NEW.deliverables, ' '))), 'D');
      NEW.search_text := f_unaccent(lower(concat_ws(' ', NEW.title, NEW.subcategory, array_to_string(NEW.tags, ' '), category_label)));
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER services_search_refresh BEFORE INSERT OR UPDATE OF
      title, subcategory, tags, category, description, detailed_description, deliverables
    ON services FOR EACH ROW EXECUTE FUNCTION services_search_refresh()`);

  await knex.raw('CREATE INDEX services_search_vector_idx ON services USING gin (search_vector)');
  await knex.raw('CREATE INDEX services_search_text_trgm_idx ON services USING gin (search_text gin_trgm_ops)');
  await knex.raw(`
    CREATE INDEX services_location_earth_idx ON services USING gist (ll_to_earth(location_lat, location_lng))
    WHERE location_lat IS NOT NULL`);
  await knex.raw('CREATE INDEX services_service_areas_idx ON services USING gin (service_areas)');
  await knex.raw('CREATE INDEX services_listing_idx ON services (featured DESC, created_at DESC) WHERE active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('services');
  await knex.raw('DROP FUNCTION IF EXISTS services_search_refresh()');
}
