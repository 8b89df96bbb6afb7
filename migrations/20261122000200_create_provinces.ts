import type { Knex } from 'knex';

const REGIONS = [
  'Abruzzo',
  'Basilicata',
  'Calabria',
  'Campania',
  'Emilia-Romagna',
  'Friuli-Venezia Giulia',
  'Lazio',
  'Liguria',
  'Lombardia',
  'Marche',
  'Molise',
  'Piemonte',
  'Puglia',
  'Sardegna',
  'Sicilia',
  'Toscana',
  'Trentino-Alto Adige',
  'Umbria',
  "Valle d'Aosta",
  'Veneto',
];

// Rows are loaded from the gazetteer at boot; the table exists so addresses can reference a real sigla.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provinces', (t) => {
    t.string('code', 2).primary();
    t.text('name').notNullable();
    t.text('region').notNullable();
    t.text('capital').notNullable();
    t.check(`region IN (${REGIONS.map((r) => `'${r.replace("'", "''")}'`).join(', ')})`, [], 'provinces_region_check');
    t.check(`code ~ '^[A-Z]{2}$'`, [], 'provinces_code_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provinces');
}
