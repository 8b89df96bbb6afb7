import { expect } from 'chai';
import pg from 'pg';
import { createApp } from '../../src/app.js';
import { KEPT_READS, keptPageReads } from '../../src/middleware/page-cache.js';
import { watchText, type PageReads } from '../../src/lib/page-reads.js';
import { listChangeTriggers } from '../../src/models/catalogue-changes.js';
import { syncChangeTriggers } from '../../src/services/page-cache.service.js';
import { transaction } from '../../src/db/knex.js';
import { createEdition } from '../factories/editions.js';
import { createProvider, createReview, createService } from '../factories/index.js';
import { request } from '../helpers/app.js';
import { resetDatabase, useTestConfig, watchingStatements } from '../helpers/db.js';

// The kept public pages declare what they read (src/routes/kept-reads.ts) and the triggers that end them
// are made from those declarations: here each kept route is rendered and every table its SQL reads must be
// in its own declaration, and the database's triggers must be exactly the declarations' union.

interface KeptRoute {
  path: string;
  reads: PageReads;
}

interface Layer {
  route?: { path: string; stack: { handle: Record<symbol, unknown> }[] };
  handle?: { stack?: Layer[] };
}

/** The kept routes of the app as the server builds it, with their declarations. */
function keptRoutes(): KeptRoute[] {
  useTestConfig();
  const app = createApp({ sessionPool: new pg.Pool({ max: 1 }) });
  const walk = (stack: Layer[]): KeptRoute[] =>
    stack.flatMap((layer) => {
      if (!layer.route) return walk(layer.handle?.stack ?? []);
      const reads = layer.route.stack.map((s) => s.handle[KEPT_READS]).find(Boolean);
      return reads ? [{ path: layer.route.path, reads: reads as PageReads }] : [];
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
}

/** Tables named after FROM or JOIN, but the statement's own CTEs and set-returning functions. */
export function tablesOf(sql: string): string[] {
  const ctes = new Set([...sql.matchAll(/(?:with|,)\s+"?(\w+)"?\s+as\s*(?:materialized\s*)?\(/gi)].map((m) => m[1]!));
  const tables = [...sql.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)\b"?(?!\s*\()/gi)].map((m) => m[1]!);
  return tables.filter((t) => !ctes.has(t) && !/^(lateral|unnest|select)$/i.test(t));
}

/** The page cache's own bookkeeping, not what a page shows. */
const CACHE_OWN = new Set(['catalogue_changes']);

async function tablesRead(url: string): Promise<string[]> {
  const seen = new Set<string>();
  await watchingStatements(
    (q) => tablesOf(q.sql).forEach((t) => seen.add(t)),
    () => request().get(url).expect(200),
  );
  return [...seen].filter((t) => !CACHE_OWN.has(t)).sort();
}

describe('kept pages declare what they read', () => {
  const kept = keptRoutes();
  let urls: Record<string, string[]> = {};

  before(async () => {
    await resetDatabase();
    const provider = await createProvider({ businessName: 'Studio Dichiarato' });
    const listing = await createService({ providerId: provider.id, title: 'Corso antincendio rischio medio' });
    await createReview({ serviceId: listing.id });
    await createEdition({ serviceId: listing.id, providerId: provider.id });
    // Every kept route with the addresses that take each of its paths (text, place, typo, filters).
    urls = {
      '/': ['/'],
      '/search': ['/search?q=antincendio', '/search?q=antincedio', '/search?q=corso&location=Bergamo&radius=25'],
      '/services': ['/services', '/services?sort=price_asc&page=2'],
      '/services/consultation': ['/services/consultation'],
      '/services/training': ['/services/training'],
      '/services/safety': ['/services/safety'],
      '/services/environment': ['/services/environment'],
      '/services/health': ['/services/health'],
      '/providers/:id': [`/providers/${provider.id}`],
      '/api/search': ['/api/search?q=corso', '/api/search?q=dvr&location=Torino&radius=25'],
    };
  });

  it('the route table has kept routes, each one with addresses tried here', () => {
    expect(kept.map((k) => k.path)).to.include.members(['/', '/search', '/providers/:id', '/api/search']);
    for (const route of kept)
      expect(urls, `no address tried for the kept route ${route.path}`).to.have.property(route.path);
  });

  it('every table a kept page reads is in that route’s declaration', async () => {
    expect(await tablesRead('/search?q=antincendio')).to.include.members(['services', 'provider_profiles']);
    for (const route of kept) {
      for (const url of urls[route.path]!) {
        const undeclared = (await tablesRead(url)).filter((t) => !(t in route.reads));
        expect(undeclared, `${url} reads tables its route does not declare`).to.deep.equal([]);
      }
    }
  });

  it('the triggers that end kept pages are exactly the declarations, and making them again changes nothing', async () => {
    await syncChangeTriggers(keptPageReads());
    const triggers = await transaction((trx) => listChangeTriggers(trx));
    const expected = [...keptPageReads()].map(([table, watches]) => ({ table, watches: watchText(watches) }));
    expect(triggers.map(({ table, watches }) => ({ table, watches }))).to.have.deep.members(expected);
    expect(await syncChangeTriggers(keptPageReads())).to.deep.equal([]);
  });

  it('a declaration reads by the table; the reader of SQL finds tables, not CTEs or functions', () => {
    expect(
      tablesOf(
        `WITH s0 AS (SELECT 1 FROM services), hits AS MATERIALIZED (SELECT * FROM "reviews" r JOIN users u ON true)
         SELECT * FROM s0 JOIN hits ON true LEFT JOIN LATERAL (SELECT 1 FROM unnest(ARRAY[1])) x ON true`,
      ),
    ).to.deep.equal(['services', 'reviews', 'users']);
  });
});
