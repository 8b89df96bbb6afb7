import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import * as sites from '../../migrations/20261225100000_sites.js';
import { seedDemoForSuite } from './seeds.helpers.js';

type Placed = { id: string; site: string | null };

/** The workers with the name of their site, by id. */
const placed = (rows: Placed[]) => Object.fromEntries(rows.map((r) => [r.id, r.site]));

describe('migration 20261225100000_sites on the demo data', function () {
  this.timeout(60_000);
  seedDemoForSuite();

  it("down writes each worker's site name back into the text; up makes those texts sites again, losing nothing", async () => {
    const rollback = new Error('rollback');
    const now = placed(
      await db()({ w: 'workers' })
        .leftJoin({ s: 'sites' }, 's.id', 'w.site_id')
        .select<Placed[]>('w.id', 's.name as site'),
    );
    expect(Object.values(now).filter(Boolean).length).to.be.greaterThan(3);
    await db()
      .transaction(async (trx) => {
        await sites.down(trx);
        expect(await trx.schema.hasTable('sites')).to.equal(false);
        expect(placed(await trx('workers').select<Placed[]>('id', 'site'))).to.deep.equal(now);
        await sites.up(trx);
        const again = await trx({ w: 'workers' })
          .leftJoin({ s: 'sites' }, 's.id', 'w.site_id')
          .select<Placed[]>('w.id', 's.name as site');
        expect(placed(again)).to.deep.equal(now);
        const kinds = await trx('sites').distinct<{ kind: string }[]>('kind');
        expect(kinds.map((k) => k.kind)).to.deep.equal(['operativa']);
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
  });
});
