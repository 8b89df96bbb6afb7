import { db, type Trx } from '../db/knex.js';

export const CATEGORY_IDS = [
  'consultation_management',
  'workplace_safety',
  'training_education',
  'environment',
  'occupational_health',
  'emergency_crisis',
  'innovation_digital',
  'specialized_services',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

/** How many active services of active providers each category has. */
export async function countActiveServices(trx?: Trx): Promise<Record<CategoryId, number>> {
  const rows = await db(trx)('services')
    .join('provider_profiles', 'provider_profiles.user_id', 'services.provider_id')
    .where({ 'services.active': true, 'provider_profiles.active': true })
    .groupBy('services.category')
    .select('services.category')
    .count<{ category: CategoryId; count: number }[]>({ count: '*' });
  const counts = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0])) as Record<CategoryId, number>;
  for (const row of rows) counts[row.category] = Number(row.count);
  return counts;
}
