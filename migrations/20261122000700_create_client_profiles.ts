import type { Knex } from 'knex';

const SECTORS = [
  'Manifatturiero',
  'Edilizia',
  'Servizi',
  'Commercio',
  'Trasporti',
  'Sanità',
  'Istruzione',
  'Pubblica Amministrazione',
  'Agricoltura',
  'Turismo',
  'Altro',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('client_profiles', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('company_name').notNullable();
    t.string('vat_number', 11);
    t.string('fiscal_code', 16);
    // legal_address
    t.text('address_street');
    t.text('address_city');
    t.string('address_province', 2).references('code').inTable('provinces');
    t.string('address_postal_code', 5);
    t.text('address_region');
    t.text('address_country').notNullable().defaultTo('Italia');
    // contact_person
    t.text('contact_first_name');
    t.text('contact_last_name');
    t.text('contact_role');
    t.text('contact_email');
    t.text('contact_phone');
    t.text('company_size').notNullable().defaultTo('micro');
    t.text('industry_sector');
    t.integer('employees_count').notNullable().defaultTo(1);
    t.text('phone');
    t.text('website');
    t.specificType('certifications', 'text[]').notNullable().defaultTo('{}');
    t.text('profile_image');
    t.timestamps(true, true, false);
    t.check(`company_size IN ('micro', 'small', 'medium', 'large')`, [], 'client_profiles_company_size_check');
    t.check(
      `industry_sector IN (${SECTORS.map((s) => `'${s}'`).join(', ')})`,
      [],
      'client_profiles_industry_sector_check',
    );
    t.check('employees_count >= 1', [], 'client_profiles_employees_count_check');
    t.check(`vat_number ~ '^[0-9]{11}$'`, [], 'client_profiles_vat_number_check');
    t.check(`fiscal_code ~ '^([A-Z0-9]{16}|[0-9]{11})$'`, [], 'client_profiles_fiscal_code_check');
    t.check(`address_postal_code ~ '^[0-9]{5}$'`, [], 'client_profiles_postal_code_check');
    t.index(['address_province']);
  });
  await knex.raw('CREATE UNIQUE INDEX client_profiles_vat_number_unique ON client_profiles (vat_number)');
  await knex.raw('CREATE UNIQUE INDEX client_profiles_fiscal_code_unique ON client_profiles (fiscal_code)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('client_profiles');
}
