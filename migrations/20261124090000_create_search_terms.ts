import type { Knex } from 'knex';

/**
 * The vocabulary of the searchable service texts (folded words of title, subcategory, tags and category
 * label), with a trigram index. A search that finds nothing looks up its misspelt words here ("antincedio"
 * -> "antincendio") and runs the full-text search again: trigram matching on a few thousand words instead
 * of on every service keeps typo-tolerant search as fast as the full-text one.
 * Words are only added: a word no service uses any more corrects to nothing the full-text search finds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_terms', (t) => {
    t.text('term').primary();
  });
  await knex.raw('CREATE INDEX search_terms_term_trgm_idx ON search_terms USING gin (term gin_trgm_ops)');
  await knex.raw(`
    CREATE FUNCTION search_terms_collect() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text THEN
        RETURN NULL;
      END IF;
      -- Sorted, so that concurrent inserts take their locks in the same order.
      INSERT INTO search_terms (term)
      SELECT DISTINCT w FROM regexp_split_to_table(coalesce(NEW.search_text, ''), '[^[:alnum:]]+') AS w
      WHERE length(w) BETWEEN 3 AND 40
      ORDER BY w
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER services_search_terms AFTER INSERT OR UPDATE ON services
    FOR EACH ROW EXECUTE FUNCTION search_terms_collect()`);
  await knex.raw(`
    INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM services, regexp_split_to_table(coalesce(search_text, ''), '[^[:alnum:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 40
    ON CONFLICT DO NOTHING`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS services_search_terms ON services');
  await knex.raw('DROP FUNCTION IF EXISTS search_terms_collect()');
  await knex.schema.dropTable('search_terms');
}
