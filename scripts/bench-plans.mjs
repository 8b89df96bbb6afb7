// The plans of every search shape of the benchmark on a seeded database: each SQL statement a search
// runs (captured as the application sends it) under EXPLAIN (ANALYZE, BUFFERS), for the performance notes
// (docs/performance.md); run after `npm run build` on a database seeded by `npm run bench -- --keep`:
//
//   DATABASE_URL=postgres://.../x_bench node scripts/bench-plans.mjs [--full]   (--full: whole plans)
//
// or, for the searches nobody has made yet, the execution time of each search's statements over many of the
// benchmark's first-time requests (each shape's own sequence, every K-th of them), by the scans their plans read,
// with their planning time and the pages they read from outside shared_buffers:
//
//   DATABASE_URL=... node scripts/bench-plans.mjs --first-time 300 [--every 53] [--only text]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { root } from './bench-lib.mjs';
import { firstTimeSearches } from './bench-cases.mjs';

const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const args = process.argv.slice(2);
const full = args.includes('--full');
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const firstTime = Number(option('--first-time', 0));
const every = Number(option('--every', 1));
const only = option('--only', '');

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
/** The statements a search sends (SELECTs and CTEs, the places' lookups apart), as the application sends them. */
async function statementsOf(params) {
  const captured = [];
  const listen = (q) => captured.push(q);
  knex.on('query', listen);
  try {
    await search(parseSearchParams(params));
  } finally {
    knex.off('query', listen);
  }
  return captured.filter((q) => /^\s*(select|with)/i.test(q.sql) && !/from "places"|from places/i.test(q.sql));
}

/** The statement's plan as run now (on a plain client: knex would read its ? placeholders). */
async function planOf(q) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.bindings ?? []);
  return rows.map((r) => r['QUERY PLAN']);
}

async function shapes() {
  for (const [name, params] of SHAPES) {
    console.log(`\n### ${name}`);
    for (const q of await statementsOf(params)) {
      const lines = await planOf(q);
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
}

const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v) => v.toFixed(1);

/** Each first-time shape: its searches' execution time (planning apart) and which scans took it, their planning and pages read. */
async function firstTimeShapes() {
  for (const shape of firstTimeSearches().filter((c) => c.name.includes(only))) {
    const times = [];
    let planning = 0;
    let read = 0;
    const byScans = new Map();
    for (let i = 0; i < firstTime; i += 1) {
      const url = new URL(shape.path, 'http://bench');
      for (let skip = 1; skip < every; skip += 1) void shape.path;
      let total = 0;
      const scans = new Set();
      for (const q of await statementsOf(Object.fromEntries(url.searchParams))) {
        const lines = await planOf(q);
        const text = lines.join('\n');
        total += Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
        planning += Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
        // The statement's top node's buffers (its whole plan's): the pages read from outside shared_buffers.
        read += Number(/^\s*Buffers: shared [^\n]*?read=(\d+)/m.exec(text)?.[1] ?? 0);
        for (const l of lines) {
          const scan =
            /(Seq Scan on|Index Only Scan (?:Backward )?using|Index Scan (?:Backward )?using|Bitmap Index Scan on) (\w+)/.exec(
              l,
            );
          if (scan) scans.add(`${scan[1].replace(/ (on|using)$/, '')} ${scan[2]}`);
        }
      }
      times.push(total);
      const key = [...scans].sort().join(' + ') || '(none)';
      const entry = byScans.get(key) ?? { n: 0, ms: 0, worst: 0, path: '' };
      entry.n += 1;
      entry.ms += total;
      if (total > entry.worst) Object.assign(entry, { worst: total, path: url.search });
      byScans.set(key, entry);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const sum = times.reduce((a, b) => a + b, 0);
    console.log(
      `\n### ${shape.name}: ${times.length} searches, ms of execution a search: mean ${ms(sum / times.length)}, ` +
        `median ${ms(quantile(sorted, 0.5))}, p90 ${ms(quantile(sorted, 0.9))}, p99 ${ms(quantile(sorted, 0.99))}, ` +
        `max ${ms(sorted[sorted.length - 1])}; planning ${ms(planning / times.length)} ms and ` +
        `${Math.round(read / times.length)} pages read from outside shared_buffers a search`,
    );
    for (const [key, e] of [...byScans].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(
        `${String(e.n).padStart(5)} searches, mean ${ms(e.ms / e.n)} ms, ${Math.round((100 * e.ms) / sum)}% of the time, ` +
          `worst ${ms(e.worst)} (${e.path}): ${key}`,
      );
    }
  }
}

try {
  if (firstTime > 0) await firstTimeShapes();
  else await shapes();
} finally {
  await client.end();
  await handle.close();
}
