import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import type { Knex } from 'knex';
import { db } from '../../src/db/knex.js';
import * as organisations from '../../migrations/20261223100000_organisations.js';
import { seedDemoForSuite } from './seeds.helpers.js';

/** Runs fn in a transaction that is always rolled back: the migration's DDL included, nothing stays. */
async function inRolledBack(fn: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  const rollback = new Error('rollback');
  try {
    await db().transaction(async (trx) => {
      await fn(trx);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
}

/**
 * Rolls back, newest first, every migration after this one: the test sees the schema as this migration left
 * it (the demo data with it), whatever was added since.
 */
async function downToOrganisations(trx: Knex.Transaction): Promise<void> {
  const later = (await readdir('migrations'))
    .filter((file) => file.endsWith('.ts') && file > '20261223100000_organisations.ts')
    .sort()
    .reverse();
  for (const file of later) {
    const migration = (await import(`../../migrations/${file.replace(/\.ts$/, '.js')}`)) as {
      down: (knex: Knex) => Promise<void>;
    };
    await migration.down(trx);
  }
}

/** Rows of every table of the schema but the two the migration makes. */
async function counts(trx: Knex.Transaction): Promise<Record<string, number>> {
  const { rows } = await trx.raw<{ rows: { table_name: string }[] }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('organisations', 'memberships') ORDER BY table_name`,
  );
  const result: Record<string, number> = {};
  for (const { table_name } of rows) {
    const [row] = await trx(table_name).count<{ n: string | number }[]>({ n: '*' });
    result[table_name] = Number(row!.n);
  }
  return result;
}

/** The table a column's foreign key references. */
async function referenced(trx: Knex.Transaction, table: string, column: string): Promise<string | null> {
  const { rows } = await trx.raw<{ rows: { target: string }[] }>(
    `SELECT c.confrelid::regclass::text AS target FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.conrelid = ?::regclass AND a.attname = ?`,
    [table, column],
  );
  return rows[0]?.target ?? null;
}

describe('migration 20261223100000_organisations on the demo data', function () {
  this.timeout(60_000);
  seedDemoForSuite();

  it('down gives back one login per account with its type; up makes each an organisation its user administers, losing nothing', async () => {
    await inRolledBack(async (trx) => {
      await downToOrganisations(trx);
      // Each person's kind after `down`: their own organisation's, else that of the first they joined.
      const firstKinds = await trx('memberships as m')
        .join('organisations as o', 'o.id', 'm.organisation_id')
        .distinctOn('m.user_id')
        .orderBy([{ column: 'm.user_id' }, { column: 'm.created_at' }])
        .select<{ user_id: string; kind: string }[]>('m.user_id', 'o.kind');
      const kinds = new Map(firstKinds.map((m) => [m.user_id, m.kind]));
      for (const o of await trx('organisations').select<{ id: string; kind: string }[]>('id', 'kind'))
        if (kinds.has(o.id)) kinds.set(o.id, o.kind);
      const before = await counts(trx);

      await organisations.down(trx);
      expect(await trx.schema.hasTable('organisations')).to.equal(false);
      expect(await trx.schema.hasTable('memberships')).to.equal(false);
      expect(await referenced(trx, 'bookings', 'client_id')).to.equal('users');
      expect(await referenced(trx, 'client_profiles', 'user_id')).to.equal('users');
      const users = await trx('users').select<{ id: string; user_type: string }[]>('id', 'user_type');
      expect(users.length).to.be.greaterThan(10);
      for (const u of users) expect(u.user_type, u.id).to.equal(kinds.get(u.id));
      expect(await counts(trx)).to.deep.equal(before);

      await organisations.up(trx);
      expect(await counts(trx)).to.deep.equal(before);
      const [made] = await trx('organisations').count<{ n: string | number }[]>({ n: '*' });
      expect(Number(made!.n)).to.equal(users.length);
      for (const [table, column] of organisations.ORGANISATION_COLUMNS) {
        expect(await referenced(trx, table, column), `${table}.${column}`).to.equal('organisations');
        // Every record is its old owner's still: the account's user administers the organisation of the same id.
        const orphans = await trx(table)
          .whereNotNull(column)
          .whereNotExists(function owned() {
            this.from('memberships as m')
              .whereRaw(`m.organisation_id = ??.?? AND m.user_id = ??.??`, [table, column, table, column])
              .where('m.role', 'admin');
          })
          .count<{ n: string | number }[]>({ n: '*' });
        expect(Number(orphans[0]!.n), `${table}.${column}`).to.equal(0);
      }
      const bookings = await trx('bookings as b')
        .join('organisations as c', 'c.id', 'b.client_id')
        .join('organisations as p', 'p.id', 'b.provider_id')
        .select('c.kind as client', 'p.kind as provider')
        .distinct();
      expect(bookings).to.deep.equal([{ client: 'client', provider: 'provider' }]);
    });
  });
});
