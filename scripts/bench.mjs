// `npm run bench`: seeds a large synthetic database (seeds/bench.ts), starts the built server on it and
// measures typical pages with autocannon. A benchmark, not a test: it prints numbers, it asserts nothing.
//
//   npm run bench                                   100,000 services on the embedded database (temp DATA_DIR)
//   npm run bench -- --services 20000 --duration 5  smaller and quicker
//   npm run bench -- --data-dir /tmp/bench --keep   keep the seeded data and reuse it next time
//   DATABASE_URL=postgres://.../x npm run bench     on PostgreSQL, in a fresh database x_bench
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const services = Number(option('services', '100000'));
const duration = Number(option('duration', '10'));
const connections = Number(option('connections', '10'));
const keep = process.argv.includes('--keep');
const givenDataDir = option('data-dir', null);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

/** With DATABASE_URL the benchmark gets its own database beside it: <name>_bench. */
async function benchDatabase(url) {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_bench`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  target.pathname = `/${name}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  if (exists && !keep) await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
  if (!exists || !keep) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function seed(env) {
  const { loadConfig } = await import(dist('src/config/env.js'));
  const { openDatabase } = await import(dist('src/db/connection.js'));
  const { prepareDatabase } = await import(dist('src/boot/prepare-database.js'));
  const { seedBench } = await import(dist('seeds/bench.js'));
  const cfg = loadConfig({ ...process.env, ...env, NODE_ENV: 'development', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const handle = await openDatabase(cfg);
  try {
    await prepareDatabase(handle.knex, { seedDemo: false });
    const [{ count }] = await handle.knex('services').count({ count: '*' });
    if (Number(count) >= services) {
      console.log(`reusing ${count} services already seeded`);
      return;
    }
    const started = Date.now();
    let shown = 0;
    const summary = await seedBench(handle.knex, {
      services,
      onProgress(done, total) {
        if (done - shown >= total / 10 || done === total) {
          shown = done;
          process.stdout.write(`  seeded ${done}/${total} services (${Math.round((Date.now() - started) / 1000)} s)\n`);
        }
      },
    });
    await handle.knex.raw('VACUUM ANALYZE');
    console.log(`seeded ${summary.providers} providers, ${summary.services} services in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await handle.close();
  }
}

async function startServer(env, port) {
  const child = spawn(process.execPath, [path.join(root, 'dist/src/server.js')], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    // The server's own log (JSON lines) would bury the table: only its errors are shown.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function row(name, r) {
  const cells = [
    name.padEnd(44),
    String(Math.round(r.requests.average)).padStart(7),
    String(r.latency.p50).padStart(6),
    String(r.latency.p90).padStart(6),
    String(r.latency.p99).padStart(6),
    String(r.latency.max).padStart(6),
    String(r.non2xx + r.errors).padStart(6),
  ];
  return cells.join(' ');
}

async function main() {
  const started = Date.now();
  const database = process.env.DATABASE_URL ? await benchDatabase(process.env.DATABASE_URL) : null;
  const dataDir = givenDataDir ? path.resolve(givenDataDir) : mkdtempSync(path.join(tmpdir(), 'sicurhub-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }) };
  console.log(`database: ${database ? database.url.replace(/\/\/[^@]*@/, '//') : `embedded PGlite in ${dataDir}`}`);
  await seed(env);

  const server = await startServer(env, await freePort());
  try {
    const sample = await (await fetch(`${server.base}/api/search?q=corso+antincendio&location=Bergamo&radius=25`)).json();
    const card = sample.cards[0];
    if (!card) throw new Error('no service found to open');
    const scenarios = [
      ['home /', '/'],
      ['search: all services (/services)', '/services'],
      ['search: text "corso antincendio"', '/search?q=corso+antincendio'],
      ['search: text + Bergamo 25 km', '/search?q=corso+antincendio&location=Bergamo&radius=25'],
      [
        'search: text + Milano 50 km + filters',
        '/search?q=corso+antincendio&location=Milano&radius=50&price=0-200&rating_min=4&availability=this_month',
      ],
      ['search: Roma 50 km by distance', '/search?location=Roma&radius=50&sort=distance'],
      ['search: category, page 10', '/search?category=environment&page=10'],
      ['search: typo "antincedio"', '/search?q=antincedio'],
      ['api: /api/search text + Torino 25 km', '/api/search?q=dvr&location=Torino&radius=25'],
      ['api: /api/places?q=berg', '/api/places?q=berg'],
      ['service page', card.href],
      ['provider page', card.providerHref],
    ];
    console.log(`\n${services} services, ${connections} connections, ${duration} s a page (latency in ms)\n`);
    console.log(`${'page'.padEnd(44)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p90'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)} ${'!2xx'.padStart(6)}`);
    for (const [name, url] of scenarios) {
      await fetch(`${server.base}${url}`).then((r) => r.arrayBuffer());
      const result = await autocannon({ url: `${server.base}${url}`, connections, duration });
      console.log(row(name, result));
      // Let the last requests of the run finish before the next one (or the shutdown).
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await server.stop();
    // A temporary DATA_DIR goes (with PostgreSQL it only holds a session secret); --keep keeps the data.
    if (!givenDataDir && (!keep || database)) rmSync(dataDir, { recursive: true, force: true });
    if (!keep) await database?.drop();
  }
  console.log(`\nbench done in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
