import type { Knex } from 'knex';

// The eight service categories. The label is data for full-text search; pages take theirs from locales/.
const CATEGORIES: [string, string][] = [
  ['consultation_management', 'Consulenza e Gestione'],
  ['workplace_safety', 'Sicurezza sul Lavoro'],
  ['training_education', 'Formazione e Addestramento'],
  ['environment', 'Ambiente'],
  ['occupational_health', 'Medicina del Lavoro'],
  ['emergency_crisis', 'Emergenze e Antincendio'],
  ['innovation_digital', 'Innovazione e Digitale'],
  ['specialized_services', 'Servizi Specialistici'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.text('id').primary();
    t.integer('position').notNullable().unique();
    t.text('label').notNullable();
  });
  await knex('categories').insert(CATEGORIES.map(([id, label], i) => ({ id, label, position: i + 1 })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('categories');
}
