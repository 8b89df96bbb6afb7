import type { Knex } from 'knex';

/**
 * service_search: the visible services (active, published, their provider active: whereVisible in
 * src/models/listings/public.ts) with only what a search filters, sorts and ranks on, kept by triggers on
 * services and provider_profiles. A text search finds its candidates here (src/models/search/matching.ts):
 * it checks its words on thousands of services before it has the 1,001 best-rated matches, and on
 * `services` each check visited a wide row (descriptions, costs, areas: a few rows to a page, a table
 * larger than shared_buffers) and its provider. The order indexes carry the columns the filters read
 * (INCLUDE), the best-rated one the words too, so that relevance's candidates are read from the index alone.
 */
export const COLUMNS = [
  'provider_id',
  'featured',
  'rating_average',
  'reviews_count',
  'created_at',
  'base_price',
  'category',
  'service_type',
  'availability',
  'training_kind',
  'training_scope',
  'languages',
  'search_vector',
];

/**
 * What the order indexes carry besides their keys: the filters of a text search, and in the best-rated
 * order (the candidates of relevance, the sort of nearly every search) its words too. The words in the
 * price and rating orders measured no cheaper for the size they add (their candidates' rows are read).
 */
const CARRIED = ['category', 'service_type', 'availability'];

const INDEXES: [string, string, string[]][] = [
  [
    'service_search_quality_idx',
    '(featured DESC, rating_average DESC, reviews_count DESC, created_at DESC, id)',
    ['base_price', ...CARRIED, 'search_vector'],
  ],
  [
    'service_search_price_idx',
    '(base_price, created_at DESC, id)',
    ['featured', 'rating_average', 'reviews_count', ...CARRIED],
  ],
  [
    'service_search_rating_idx',
    '(rating_average DESC, reviews_count DESC, created_at DESC, id)',
    ['featured', 'base_price', ...CARRIED],
  ],
];

const list = (prefix: string): string => COLUMNS.map((c) => `${prefix}${c}`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE service_search (
    id uuid PRIMARY KEY REFERENCES services (id) ON DELETE CASCADE,
    provider_id uuid NOT NULL,
    featured boolean NOT NULL,
    rating_average numeric(3, 2) NOT NULL,
    reviews_count integer NOT NULL,
    created_at timestamptz NOT NULL,
    base_price numeric(12, 2) NOT NULL,
    category text NOT NULL,
    service_type text NOT NULL,
    availability text NOT NULL,
    training_kind text,
    training_scope text,
    languages text[] NOT NULL,
    search_vector tsvector
  )`);

  // A service written: its row follows it, or goes when it is no longer visible. A delete goes by the
  // foreign key's cascade.
  await knex.raw(`CREATE FUNCTION service_search_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.active AND NEW.status = 'active'
         AND EXISTS (SELECT 1 FROM provider_profiles p WHERE p.user_id = NEW.provider_id AND p.active) THEN
        INSERT INTO service_search (id, ${list('')}) VALUES (NEW.id, ${list('NEW.')})
        ON CONFLICT (id) DO UPDATE SET (${list('')}) = (${list('EXCLUDED.')});
      ELSIF TG_OP = 'UPDATE' THEN
        DELETE FROM service_search WHERE id = NEW.id;
      END IF;
      RETURN NULL;
    END $$`);
  // A provider switched on or off shows or hides its visible services.
  await knex.raw(`CREATE FUNCTION service_search_provider_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.active THEN
        INSERT INTO service_search (id, ${list('')})
        SELECT s.id, ${list('s.')} FROM services s
        WHERE s.provider_id = NEW.user_id AND s.active AND s.status = 'active'
        ON CONFLICT (id) DO UPDATE SET (${list('')}) = (${list('EXCLUDED.')});
      ELSE
        DELETE FROM service_search WHERE provider_id = NEW.user_id;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER service_search_inserted AFTER INSERT ON services
    FOR EACH ROW EXECUTE FUNCTION service_search_follow()`);
  // Only when something the table holds (or the visibility) changed: a booking or a stamp on the row does not.
  await knex.raw(`CREATE TRIGGER service_search_updated AFTER UPDATE ON services FOR EACH ROW
    WHEN ((OLD.active, OLD.status, ${list('OLD.')}) IS DISTINCT FROM (NEW.active, NEW.status, ${list('NEW.')}))
    EXECUTE FUNCTION service_search_follow()`);
  await knex.raw(`CREATE TRIGGER service_search_provider_updated AFTER UPDATE OF active ON provider_profiles
    FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active) EXECUTE FUNCTION service_search_provider_follow()`);

  await knex.raw(`INSERT INTO service_search (id, ${list('')})
    SELECT s.id, ${list('s.')} FROM services s JOIN provider_profiles p ON p.user_id = s.provider_id
    WHERE s.active AND s.status = 'active' AND p.active`);

  await knex.raw(
    'CREATE INDEX service_search_vector_idx ON service_search USING gin (search_vector) WITH (fastupdate = off)',
  );
  for (const [name, columns, carried] of INDEXES) {
    await knex.raw(`CREATE INDEX ${name} ON service_search ${columns} INCLUDE (${carried.join(', ')})`);
  }
  await knex.raw('CREATE INDEX service_search_provider_idx ON service_search (provider_id)');
  await knex.raw('ANALYZE service_search');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER service_search_provider_updated ON provider_profiles');
  await knex.raw('DROP TRIGGER service_search_updated ON services');
  await knex.raw('DROP TRIGGER service_search_inserted ON services');
  await knex.raw('DROP FUNCTION service_search_provider_follow()');
  await knex.raw('DROP FUNCTION service_search_follow()');
  await knex.raw('DROP TABLE service_search');
}
