// `npm run bench`: seeds a large synthetic database (seeds/bench.ts, seeds/bench-bookings.ts), starts the
// built server on it in production mode and measures every page of the list with autocannon, in one run.
// A benchmark, not a test: it prints and writes numbers, it asserts nothing.
//
//   DATABASE_URL=postgres://.../x npm run bench      100,000 services on PostgreSQL, in a fresh database x_bench,
//                                                    32 connections, 6 s a page
//   npm run bench                                    20,000 services on the embedded database, 10 connections
//   npm run bench -- --small                         2,000 services, 1 s a page (CI: proves the command works)
//   npm run bench -- --services 1000000 --keep       any volume; --keep keeps the seeded data for the next run
//   --connections N --duration S --json FILE --data-dir DIR --only "search"   (--only: cases whose name contains it)
//   --warmup S   each case first runs S seconds (default 2; 0 in --small) at the same concurrency, not measured:
//                a server that has run for a while has its connections open, its statements prepared and its
//                code compiled; the first seconds after a start are slower and are not what users meet.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  benchCases,
  benchDatabase,
  caseRequest,
  freePort,
  root,
  seed,
  startServer,
  unexpectedAnswers,
} from './bench-lib.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const small = process.argv.includes('--small');
const onPostgres = Boolean(process.env.DATABASE_URL);
const services = Number(option('services', small ? '2000' : onPostgres ? '100000' : '20000'));
const duration = Number(option('duration', small ? '1' : '6'));
const warmup = Number(option('warmup', small ? '0' : '2'));
const connections = Number(option('connections', small ? '8' : onPostgres ? '32' : '10'));
const keep = process.argv.includes('--keep');
const only = option('only', null);
const givenDataDir = option('data-dir', null);
const jsonFile = path.resolve(
  option('json', path.join(root, 'var', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)),
);

async function measure(base, c) {
  const warm = await fetch(`${base}${c.path}`, {
    method: c.method ?? 'GET',
    headers: c.headers,
    body: c.body,
    redirect: 'manual',
  });
  await warm.arrayBuffer();
  if (warm.status !== (c.expect ?? 200)) throw new Error(`${c.name}: ${c.path} answered ${warm.status}`);
  // After a run, let its last requests finish before the next run (or the shutdown) starts.
  const settle = () => new Promise((done) => setTimeout(done, 1000));
  if (warmup > 0) {
    await autocannon({ ...caseRequest(base, c), connections, duration: warmup });
    await settle();
  }
  const r = await autocannon({ ...caseRequest(base, c), connections, duration });
  await settle();
  return {
    name: c.name,
    path: c.path,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: unexpectedAnswers(c, r),
  };
}

const cell = (v, w) => String(v ?? '-').padStart(w);
function line(r) {
  return [
    r.name.padEnd(40),
    cell(r.reqPerSec, 7),
    cell(r.p50, 6),
    cell(r.p97_5, 6),
    cell(r.p99, 6),
    cell(r.errors, 6),
    cell(r.ratio, 6),
    cell(r.rssMb, 6),
  ].join(' ');
}

async function main() {
  const started = Date.now();
  // One database per volume: a kept 100,000-service database is never topped up to another volume.
  const defaultVolume = services === (small ? 2000 : 100000);
  const suffix = `${small ? 'bench_small' : 'bench'}${defaultVolume ? '' : `_${services}`}`;
  const database = onPostgres ? await benchDatabase(process.env.DATABASE_URL, { keep, suffix }) : null;
  const dataDir = givenDataDir ? path.resolve(givenDataDir) : mkdtempSync(path.join(tmpdir(), 'sicurhub-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }) };
  const where = database ? `PostgreSQL ${database.url.replace(/\/\/[^@]*@/, '//')}` : `embedded PGlite in ${dataDir}`;
  console.log(`database: ${where}`);
  await seed(env, services);

  const server = await startServer(env, await freePort());
  const results = [];
  try {
    const all = await benchCases(server.base);
    console.log(
      `\n${services} services, ${connections} connections, ${duration} s a page after ${warmup} s of warm-up (latency in ms; ratio to the layout page)\n`,
    );
    console.log(
      [
        'page'.padEnd(40),
        cell('req/s', 7),
        cell('p50', 6),
        cell('p97.5', 6),
        cell('p99', 6),
        cell('errors', 6),
        cell('ratio', 6),
        cell('RSS', 6),
      ].join(' '),
    );
    let baseline = null;
    for (const c of all) {
      if (only && !c.baseline && !c.name.includes(only)) continue;
      const r = { ...(await measure(server.base, c)), rssMb: server.memory().rssMb };
      if (c.baseline) baseline = r.reqPerSec;
      r.ratio = baseline ? Math.round((r.reqPerSec / baseline) * 100) / 100 : null;
      results.push(r);
      console.log(line(r));
    }
  } finally {
    const memory = server.memory();
    await server.stop();
    const healthz = results.find((r) => r.name === 'healthz')?.reqPerSec;
    const layout = results.find((r) => r.path === '/terms')?.reqPerSec;
    const report = {
      measuredAt: new Date().toISOString(),
      database: database ? 'postgresql' : 'embedded',
      services,
      connections,
      durationS: duration,
      warmupS: warmup,
      peakRssMb: memory.peakRssMb,
      layoutToHealthz: healthz && layout ? Math.round((layout / healthz) * 100) / 100 : null,
      cases: results,
    };
    mkdirSync(path.dirname(jsonFile), { recursive: true });
    writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\nserver peak RSS ${memory.peakRssMb} MB; layout page / healthz ${report.layoutToHealthz}; JSON in ${path.relative(process.cwd(), jsonFile)}`,
    );
    // A temporary DATA_DIR goes (with PostgreSQL it only holds a session secret); --keep keeps the data.
    if (!givenDataDir && (!keep || database)) rmSync(dataDir, { recursive: true, force: true });
    if (!keep) await database?.drop();
  }
  console.log(`bench done in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
