import { expect } from 'chai';
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
      const kinds = new Map(
        (await trx('organisations').select<{ id: string; kind: string }[]>('id', 'kind')).map((o) => [o.id, o.kind]),
      );
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
