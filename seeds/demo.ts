import type { Knex } from 'knex';

/** Demo data: replaced by the full generator. */
export async function seedDemo(_knex: Knex): Promise<Record<string, number>> {
  return {};
}
