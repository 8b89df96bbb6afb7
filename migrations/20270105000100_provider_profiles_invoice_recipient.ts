import type { Knex } from 'knex';

/**
 * Where a provider receives SicurHub's commission invoices through the SdI: its codice destinatario (7
 * letters and digits, upper case; "0000000", no code, is stored as null) or, instead, a PEC. Both may be
 * empty: the invoice then reaches the provider's area of the Agenzia delle Entrate.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_profiles', (t) => {
    t.string('sdi_code', 7);
    t.string('pec', 254);
    t.check(`sdi_code ~ '^[A-Z0-9]{7}$' AND sdi_code <> '0000000'`, [], 'provider_profiles_sdi_code_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_profiles', (t) => {
    t.dropChecks(['provider_profiles_sdi_code_check']);
    t.dropColumns('sdi_code', 'pec');
  });
}
