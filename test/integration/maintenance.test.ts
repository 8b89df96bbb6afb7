import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { vacuumAnalyze } from '../../src/models/maintenance.js';
import { resetDatabase } from '../helpers/db.js';

/** The bytes a table's rows take on disk, and the row count the planner believes. */
async function onDisk(table: string): Promise<{ bytes: number; plannerRows: number }> {
  const { rows } = await db().raw<{ rows: { bytes: string; planner_rows: number }[] }>(
    `SELECT pg_relation_size(?::regclass) AS bytes, reltuples AS planner_rows FROM pg_class WHERE oid = ?::regclass`,
    [table, table],
  );
  return { bytes: Number(rows[0]!.bytes), plannerRows: Number(rows[0]!.planner_rows) };
}

describe('database maintenance (the embedded database has no autovacuum)', () => {
  before(resetDatabase);

  it('vacuumAnalyze gives back the space of deleted rows and tells the planner how many are left', async () => {
    const keys = Array.from({ length: 3000 }, (_, i) => `maintenance-test-${i}-${'x'.repeat(80)}`);
    const resetAt = new Date(Date.now() + 60_000);
    for (let i = 0; i < keys.length; i += 500) {
      await db()('rate_limits').insert(keys.slice(i, i + 500).map((key) => ({ key, hits: 1, reset_at: resetAt })));
    }
    await db()('rate_limits').where('key', 'like', 'maintenance-test-%').delete();
    const before = await onDisk('rate_limits');
    // Deleted rows keep their pages until a vacuum: the table is as large as when they were there.
    expect(before.bytes).to.be.at.least(300_000);

    await vacuumAnalyze();
    const after = await onDisk('rate_limits');
    expect(after.bytes).to.be.below(before.bytes / 10);
    expect(after.plannerRows).to.be.below(100);
  });
});
