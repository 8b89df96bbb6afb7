// The plans of every search shape of the benchmark on a seeded database: each SQL statement a search
// runs (captured as the application sends it) under EXPLAIN (ANALYZE, BUFFERS), for the performance notes
// (docs/performance.md); run after `npm run build` on a database seeded by `npm run bench -- --keep`:
//
//   DATABASE_URL=postgres://.../x_bench node scripts/bench-plans.mjs [--full]   (--full: whole plans)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { root } from './bench-lib.mjs';

const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const full = process.argv.includes('--full');

const SHAPES = [
  ['/services (all)', {}],
  ['text "corso antincendio"', { q: 'corso antincendio' }],
  ['text + Bergamo 25 km', { q: 'corso antincendio', location: 'Bergamo', radius: '25' }],
  [
    'text + Milano 50 km + filters',
    {
      q: 'corso antincendio',
      location: 'Milano',
      radius: '50',
      price: '0-200',
      rating: '4',
      availability: 'this_month',
    },
  ],
  ['Roma 50 km by distance', { location: 'Roma', radius: '50', sort: 'distance' }],
  [
    'category + filters by price',
    { category: 'environment', availability: 'this_month', rating: '4', sort: 'price_asc' },
  ],
  ['Roma 50 km by distance, page 10', { location: 'Roma', radius: '50', sort: 'distance', page: '10' }],
  ['typo "antincedio"', { q: 'antincedio' }],
  ['api: dvr + Torino 25 km', { q: 'dvr', location: 'Torino', radius: '25' }],
];

const { loadConfig } = await import(dist('src/config/env.js'));
const { openDatabase } = await import(dist('src/db/connection.js'));
const { search } = await import(dist('src/services/search.service.js'));
const { parseSearchParams } = await import(dist('src/validators/search.validator.js'));
const handle = await openDatabase(
  loadConfig({ ...process.env, NODE_ENV: 'development', SEED_DEMO: '0', LOG_LEVEL: 'warn' }),
);
const knex = handle.knex;
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  for (const [name, params] of SHAPES) {
    const captured = [];
    const listen = (q) => captured.push(q);
    knex.on('query', listen);
    await search(parseSearchParams(params));
    knex.off('query', listen);
    console.log(`\n### ${name}`);
    for (const q of captured) {
      if (!/^\s*(select|with)/i.test(q.sql) || /from "places"|from places/i.test(q.sql)) continue;
      // The statement as sent ($1, $2...), on a plain client: knex would read its ? placeholders.
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.bindings ?? []);
      const lines = rows.map((r) => r['QUERY PLAN']);
      // The key lines: the scans (which index, how many rows), the sorts, the buffers and the times.
      const key = full
        ? lines
        : lines.filter(
            (l) =>
              /Scan|Sort|Limit|Buffers: shared hit=\d+ read|Execution Time|Planning Time|rows=\d{3,}/.test(l) &&
              !/^\s+Sort Key/.test(l),
          );
      console.log(`-- ${q.sql.slice(0, 90).replace(/\s+/g, ' ')}…\n${(full ? key : key.slice(0, 18)).join('\n')}`);
    }
  }
} finally {
  await client.end();
  await handle.close();
}
