import type { Knex } from 'knex';
import { db } from '../../src/db/knex.js';
import { seedDemo } from '../../seeds/demo.js';
import { resetDatabase } from '../helpers/db.js';

/** Shared lists and queries of the demo seed's tests. */

export const SPECIALIZATIONS = [
  'Consulenza DVR/DUVRI',
  'ISO 45001/14001',
  'Formazione Sicurezza',
  'Medico Competente',
  'RSPP/ASPP',
  'Antincendio',
  'Primo Soccorso',
  'Ambiente',
  'Gestione Rifiuti',
  'ATEX',
  'Marcatura CE',
  'Seveso III',
  'Bonifiche',
  'Ergonomia',
  'Stress Lavoro-Correlato',
];
export const SECTORS = [
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
export const CATEGORIES = [
  'consultation_management',
  'workplace_safety',
  'training_education',
  'environment',
  'occupational_health',
  'emergency_crisis',
  'innovation_digital',
  'specialized_services',
];
export const STATUSES = ['pending', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'];
export const SEEDED_TABLES = [
  'users',
  'provider_profiles',
  'client_profiles',
  'services',
  'service_images',
  'bookings',
  'booking_participants',
  'reviews',
  'notifications',
];
export const BERGAMO = { lat: 45.69601, lng: 9.66721 };

export async function count(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<number> {
  const { rows } = await db().raw<{ rows: { n: number }[] }>(sql, bindings);
  return Number(rows[0]!.n);
}

export async function values(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<string[]> {
  const { rows } = await db().raw<{ rows: { v: string }[] }>(sql, bindings);
  return rows.map((r) => r.v);
}

export async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of SEEDED_TABLES) out[table] = await count(`SELECT count(*) AS n FROM ${table}`);
  return out;
}

/** Seeds the demo data set before the suite's tests and empties the database after them; holds its summary. */
export function seedDemoForSuite(): { summary: Record<string, number> } {
  const seeded = { summary: {} as Record<string, number> };
  before(async () => {
    await resetDatabase();
    seeded.summary = await seedDemo(db());
  });
  after(resetDatabase);
  return seeded;
}
