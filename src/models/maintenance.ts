import { db } from '../db/knex.js';

/**
 * Marks the space of deleted and updated rows for reuse and refreshes the planner's statistics. The embedded
 * database has no autovacuum, so nothing else does either: without it every table and index would only grow
 * (sessions, rate limits and kept-page changes are rewritten all day).
 */
export async function vacuumAnalyze(): Promise<void> {
  await db().raw('VACUUM (ANALYZE)');
}
