import { db } from '../db/knex.js';

/** Refreshes the planner's statistics. The embedded database has no autovacuum, so nothing else does it. */
export async function analyze(): Promise<void> {
  await db().raw('ANALYZE');
}
