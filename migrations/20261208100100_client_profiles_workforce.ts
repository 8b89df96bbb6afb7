import type { Knex } from 'knex';

/**
 * The company's number of employees is a fact the client states, never a default: the RLS update hours
 * depend on it (art. 37 c. 11 D.Lgs. 81/2008). A profile whose general tab was never saved (no partita IVA,
 * which that tab requires) holds the old default 1, not an answer: it becomes NULL, and the scadenzario
 * asks for it. Under 15 workers the hours of the yearly RLS update are those of the collective agreement
 * the company applies: a setting of the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE client_profiles ALTER COLUMN employees_count DROP NOT NULL');
  await knex.raw('ALTER TABLE client_profiles ALTER COLUMN employees_count DROP DEFAULT');
  await knex.raw('UPDATE client_profiles SET employees_count = NULL WHERE vat_number IS NULL');
  await knex.schema.alterTable('client_profiles', (t) => {
    t.decimal('rls_collective_hours', 4, 1);
    t.check(
      'rls_collective_hours IS NULL OR (rls_collective_hours > 0 AND rls_collective_hours <= 99)',
      [],
      'client_profiles_rls_collective_hours_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('client_profiles', (t) => {
    t.dropChecks(['client_profiles_rls_collective_hours_check']);
    t.dropColumn('rls_collective_hours');
  });
  await knex.raw('UPDATE client_profiles SET employees_count = 1 WHERE employees_count IS NULL');
  await knex.raw('ALTER TABLE client_profiles ALTER COLUMN employees_count SET DEFAULT 1');
  await knex.raw('ALTER TABLE client_profiles ALTER COLUMN employees_count SET NOT NULL');
}
