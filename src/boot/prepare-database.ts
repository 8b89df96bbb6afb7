import type { Knex } from 'knex';
import { logger } from '../config/logger.js';
import { migrateLatest } from '../db/migrate.js';
import { ensureReferenceData } from '../reference-data/ensure-reference-data.js';
import { keptPageReadsOfRoutes } from '../routes/index.js';
import { syncChangeTriggers } from '../services/page-cache.service.js';

export interface PreparedDatabase {
  applied: string[];
  firstStart: boolean;
  seeded: boolean;
}

/**
 * Brings a database up to date: migrations, then reference data (provinces, municipalities) when missing,
 * the triggers that end kept pages (from what the route table's kept pages declare they read), then, on
 * the very first start only, the demo data.
 */
export async function prepareDatabase(knex: Knex, options: { seedDemo: boolean }): Promise<PreparedDatabase> {
  const hadSchema = await knex.schema.hasTable('knex_migrations');
  const applied = await migrateLatest(knex);
  if (applied.length) logger.info('migrations applied', { count: applied.length, last: applied.at(-1) });
  await ensureReferenceData();
  const retriggered = await syncChangeTriggers(keptPageReadsOfRoutes());
  if (retriggered.length) logger.info('page cache triggers made', { tables: retriggered });
  const firstStart = !hadSchema;
  let seeded = false;
  if (firstStart && options.seedDemo) {
    const { seedDemo } = await import('../../seeds/demo.js');
    const summary = await seedDemo(knex);
    logger.info('demo data seeded', summary);
    seeded = true;
  }
  // Fresh tables have no statistics yet: give the planner real ones before the first search.
  if (applied.length) await knex.raw('ANALYZE');
  return { applied, firstStart, seeded };
}
