import type { Knex } from 'knex';

/** The IBAN clients pay a provider by bank transfer: stored electronic form (no spaces, upper case). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_profiles', (t) => {
    t.string('iban', 34);
    t.check(`iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`, [], 'provider_profiles_iban_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_profiles', (t) => {
    t.dropChecks(['provider_profiles_iban_check']);
    t.dropColumn('iban');
  });
}
