import type { Knex } from 'knex';

/**
 * Reviews get the provider's public reply, the client's edit stamp and the administrator's hiding. A hidden
 * review no longer counts: the ratings beside services and providers leave it out (the trigger refreshes
 * them on every insert, update and delete, in the transaction of the change).
 */

const ratingsFunction = (visible: string): string => `
  CREATE OR REPLACE FUNCTION reviews_refresh_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    sid uuid;
    pid uuid;
  BEGIN
    FOR sid IN SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.service_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.service_id END]) AS x WHERE x IS NOT NULL
    LOOP
      UPDATE services s SET
        rating_average = coalesce((SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.service_id = sid AND ${visible}), 0),
        reviews_count = (SELECT count(*) FROM reviews r WHERE r.service_id = sid AND ${visible})
      WHERE s.id = sid
      RETURNING s.provider_id INTO pid;
      UPDATE provider_profiles p SET
        rating_average = coalesce((SELECT round(avg(r.rating), 2) FROM reviews r JOIN services sv ON sv.id = r.service_id
                                   WHERE sv.provider_id = pid AND ${visible}), 0),
        reviews_count = (SELECT count(*) FROM reviews r JOIN services sv ON sv.id = r.service_id
                         WHERE sv.provider_id = pid AND ${visible})
      WHERE p.user_id = pid;
    END LOOP;
    RETURN NULL;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.text('reply');
    t.timestamp('reply_at', { useTz: true });
    t.timestamp('edited_at', { useTz: true });
    t.timestamp('hidden_at', { useTz: true });
  });
  await knex.raw(ratingsFunction('r.verified AND r.hidden_at IS NULL'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(ratingsFunction('r.verified'));
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumn('reply');
    t.dropColumn('reply_at');
    t.dropColumn('edited_at');
    t.dropColumn('hidden_at');
  });
}
