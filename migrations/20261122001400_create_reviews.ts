import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reviews', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('service_id').notNullable().references('id').inTable('services').onDelete('CASCADE');
    t.uuid('booking_id').unique().references('id').inTable('bookings').onDelete('SET NULL');
    t.uuid('reviewer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('rating').notNullable();
    t.text('title');
    t.text('comment');
    t.jsonb('aspects').notNullable().defaultTo('{}'); // { quality, punctuality, materials, ... } each 1..5
    t.boolean('verified').notNullable().defaultTo(false);
    t.timestamps(true, true, false);
    t.check('rating BETWEEN 1 AND 5', [], 'reviews_rating_check');
    t.check(`jsonb_typeof(aspects) = 'object'`, [], 'reviews_aspects_check');
    t.index(['service_id', 'created_at']);
    t.index(['reviewer_id']);
  });

  // Ratings shown in search and on profiles are kept beside the service and the provider.
  await knex.raw(`
    CREATE FUNCTION reviews_refresh_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sid uuid;
      pid uuid;
    BEGIN
      FOR sid IN SELECT DISTINCT x FROM unnest(ARRAY[
        CASE WHEN TG_OP <> 'INSERT' THEN OLD.service_id END,
        CASE WHEN TG_OP <> 'DELETE' THEN NEW.service_id END]) AS x WHERE x IS NOT NULL
      LOOP
        UPDATE services s SET
          rating_average = coalesce((SELECT round(avg(rating), 2) FROM reviews WHERE service_id = sid AND verified), 0),
          reviews_count = (SELECT count(*) FROM reviews WHERE service_id = sid AND verified)
        WHERE s.id = sid
        RETURNING s.provider_id INTO pid;
        UPDATE provider_profiles p SET
          rating_average = coalesce((SELECT round(avg(r.rating), 2) FROM reviews r JOIN services sv ON sv.id = r.service_id
                                     WHERE sv.provider_id = pid AND r.verified), 0),
          reviews_count = (SELECT count(*) FROM reviews r JOIN services sv ON sv.id = r.service_id
                           WHERE sv.provider_id = pid AND r.verified)
        WHERE p.user_id = pid;
      END LOOP;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER reviews_refresh_ratings AFTER INSERT OR UPDATE OR DELETE ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_refresh_ratings()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reviews');
  await knex.raw('DROP FUNCTION IF EXISTS reviews_refresh_ratings()');
}
