import type { Knex } from 'knex';

/**
 * How many visible services each category has (the home page's category cards, the total of a plain
 * listing), kept by the database instead of counted per request: counting 100,000 services took a
 * parallel sequential scan on every home page. Visible = the service active and published, its provider
 * active (src/models/listings/public.ts whereVisible). Statement-level triggers with transition tables add up a whole
 * statement's changes at once (a bulk insert updates each category's row once, not once per service);
 * the rows are locked in category order, so concurrent writers cannot deadlock on them.
 */
const VISIBLE = `n.active AND n.status = 'active'`;

/** Adds the per-category sums of `deltas` (a query of category, d) to the counters. */
const apply = (deltas: string): string => `
  INSERT INTO service_category_counts AS c (category, visible)
  SELECT category, sum(d) FROM (${deltas}) AS x GROUP BY category HAVING sum(d) <> 0 ORDER BY category
  ON CONFLICT (category) DO UPDATE SET visible = c.visible + EXCLUDED.visible`;

const visibleOf = (table: string, sign: string): string => `
  SELECT n.category, ${sign}1 AS d FROM ${table} n JOIN provider_profiles p ON p.user_id = n.provider_id
  WHERE ${VISIBLE} AND p.active`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_category_counts', (t) => {
    t.text('category').primary().references('id').inTable('categories').onDelete('CASCADE');
    // No CHECK >= 0: a counter that drifted must not make every later service write fail.
    t.integer('visible').notNullable().defaultTo(0);
  });

  await knex.raw(`CREATE FUNCTION service_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(visibleOf('new_rows', '+'))}; RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION service_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(`${visibleOf('new_rows', '+')} UNION ALL ${visibleOf('old_rows', '-')}`)}; RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION service_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(visibleOf('old_rows', '-'))}; RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION service_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE service_category_counts SET visible = 0; RETURN NULL; END $$`);
  // A provider switched on or off shows or hides all of its own visible services.
  await knex.raw(`CREATE FUNCTION service_counts_provider_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(`
      SELECT n.category, CASE WHEN np.active THEN 1 ELSE -1 END AS d
      FROM new_rows np JOIN old_rows op ON op.user_id = np.user_id AND op.active IS DISTINCT FROM np.active
      JOIN services n ON n.provider_id = np.user_id WHERE ${VISIBLE}`)}; RETURN NULL; END $$`);
  // Before the provider's row goes: its services are deleted by the cascade afterwards, when the
  // provider is no longer there to make them count.
  await knex.raw(`CREATE FUNCTION service_counts_provider_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.active THEN ${apply(`SELECT n.category, -1 AS d FROM services n WHERE n.provider_id = OLD.user_id AND ${VISIBLE}`)}; END IF;
      RETURN OLD;
    END $$`);

  // Transition tables allow one event per trigger.
  await knex.raw(`CREATE TRIGGER service_counts_inserted AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION service_counts_inserted()`);
  await knex.raw(`CREATE TRIGGER service_counts_updated AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION service_counts_updated()`);
  await knex.raw(`CREATE TRIGGER service_counts_deleted AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION service_counts_deleted()`);
  await knex.raw(`CREATE TRIGGER service_counts_truncated AFTER TRUNCATE ON services
    FOR EACH STATEMENT EXECUTE FUNCTION service_counts_truncated()`);
  await knex.raw(`CREATE TRIGGER service_counts_provider_updated AFTER UPDATE ON provider_profiles
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_counts_provider_updated()`);
  await knex.raw(`CREATE TRIGGER service_counts_provider_deleted BEFORE DELETE ON provider_profiles
    FOR EACH ROW EXECUTE FUNCTION service_counts_provider_deleted()`);

  await knex.raw(`INSERT INTO service_category_counts (category, visible)
    SELECT c.id, (SELECT count(*) FROM services n JOIN provider_profiles p ON p.user_id = n.provider_id
                  WHERE n.category = c.id AND ${VISIBLE} AND p.active)
    FROM categories c`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [trigger, table] of [
    ['service_counts_inserted', 'services'],
    ['service_counts_updated', 'services'],
    ['service_counts_deleted', 'services'],
    ['service_counts_truncated', 'services'],
    ['service_counts_provider_updated', 'provider_profiles'],
    ['service_counts_provider_deleted', 'provider_profiles'],
  ]) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${trigger}()`);
  }
  await knex.schema.dropTable('service_category_counts');
}
