import type { Knex } from 'knex';

/**
 * How a client receives electronic invoices (SDI): its codice destinatario (7 characters), a PEC address, or
 * neither (the invoice then goes to the SDI with 0000000 and the client reads it in its tax drawer). The
 * channel is stored so "neither" is a choice the client made, not a field left empty.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('client_profiles', (t) => {
    t.text('invoicing_channel');
    t.string('sdi_code', 7);
    t.string('pec', 254);
    t.check(`invoicing_channel IN ('sdi', 'pec', 'none')`, [], 'client_profiles_invoicing_channel_check');
    t.check(`sdi_code ~ '^[A-Z0-9]{7}$'`, [], 'client_profiles_sdi_code_check');
    t.check(
      `(invoicing_channel IS DISTINCT FROM 'sdi' OR sdi_code IS NOT NULL) AND (invoicing_channel IS DISTINCT FROM 'pec' OR pec IS NOT NULL)`,
      [],
      'client_profiles_invoicing_complete_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('client_profiles', (t) => {
    t.dropChecks([
      'client_profiles_invoicing_channel_check',
      'client_profiles_sdi_code_check',
      'client_profiles_invoicing_complete_check',
    ]);
    t.dropColumns('invoicing_channel', 'sdi_code', 'pec');
  });
}
