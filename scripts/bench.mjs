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
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDatabase, csrfOf, freePort, PROXIED, root, seed, signIn, startServer } from './bench-lib.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const small = process.argv.includes('--small');
const onPostgres = Boolean(process.env.DATABASE_URL);
const services = Number(option('services', small ? '2000' : onPostgres ? '100000' : '20000'));
const duration = Number(option('duration', small ? '1' : '6'));
const connections = Number(option('connections', small ? '8' : onPostgres ? '32' : '10'));
const keep = process.argv.includes('--keep');
const only = option('only', null);
const givenDataDir = option('data-dir', null);
const jsonFile = path.resolve(
  option('json', path.join(root, 'var', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)),
);

// Kept in dist/seeds/bench-bookings.js too; repeated here so that the script needs no TypeScript import.
const BENCH_PASSWORD = 'bench-password-2026';
const BUSY_PROVIDER = 'fornitore1@bench.sicurhub.it';
const BUSY_CLIENT = 'cliente1@bench.sicurhub.it';

/** A weekday about a month ahead: a date the booking wizard accepts. */
function bookingDate() {
  const d = new Date(Date.now() + 30 * 86_400_000);
  while ([0, 6].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function bookingBody(csrf) {
  return new URLSearchParams({
    _csrf: csrf,
    idempotency_key: crypto.randomUUID(),
    step: '3',
    action: 'submit',
    requested_date: bookingDate(),
    // The opening of the default working hours (src/lib/availability.ts): a service longer than a day
    // must start there, any other fits too.
    requested_time: '09:00',
    participants_count: '1',
    location_choice: 'client_site',
    // The benchmark's services ask for an identity document (seeds/bench.ts): confirmed, as the wizard requires.
    special_requirements: 'Documento di identità',
    'participants[0][first_name]': 'Giulia',
    'participants[0][last_name]': 'Bianchi',
    'participants[0][email]': 'giulia.bianchi@bench.sicurhub.it',
    // Services not priced per head ask for a site referent instead of participants.
    referent_name: 'Giulia Bianchi',
    referent_role: 'RSPP',
    referent_contact: '+39 035 123456',
  }).toString();
}

async function cases(base) {
  const sample = await (await fetch(`${base}/api/search?q=corso+antincendio&location=Bergamo&radius=25`)).json();
  const card = sample.cards[0];
  if (!card) throw new Error('no service found to open');
  const provider = await signIn(base, BUSY_PROVIDER, BENCH_PASSWORD);
  const client = await signIn(base, BUSY_CLIENT, BENCH_PASSWORD);
  const bookPath = `/services/${card.id}/book`;
  const csrf = await csrfOf(base, client, bookPath);
  const post = {
    method: 'POST',
    headers: { ...PROXIED, cookie: client, 'content-type': 'application/x-www-form-urlencoded' },
  };
  return [
    { name: 'healthz', path: '/healthz' },
    { name: 'layout page /terms (baseline)', path: '/terms', baseline: true },
    { name: 'home /', path: '/' },
    { name: 'search: all services (/services)', path: '/services' },
    { name: 'search: text "corso antincendio"', path: '/search?q=corso+antincendio' },
    { name: 'search: text + Bergamo 25 km', path: '/search?q=corso+antincendio&location=Bergamo&radius=25' },
    {
      name: 'search: text + Milano 50 km + filters',
      path: '/search?q=corso+antincendio&location=Milano&radius=50&price=0-200&rating=4&availability=this_month',
    },
    { name: 'search: Roma 50 km by distance', path: '/search?location=Roma&radius=50&sort=distance' },
    {
      name: 'search: category + filters by price',
      path: '/search?category=environment&availability=this_month&rating=4&sort=price_asc',
    },
    { name: 'search: category, page 10', path: '/search?category=environment&page=10' },
    { name: 'search: typo "antincedio"', path: '/search?q=antincedio' },
    { name: 'api: /api/search dvr + Torino 25 km', path: '/api/search?q=dvr&location=Torino&radius=25' },
    { name: 'api: /api/places?q=berg', path: '/api/places?q=berg' },
    { name: 'service page', path: card.href },
    { name: 'provider page', path: card.providerHref },
    { name: 'bookings list (busy provider)', path: '/bookings', headers: { ...PROXIED, cookie: provider } },
    { name: 'dashboard (busy provider)', path: '/dashboard', headers: { ...PROXIED, cookie: provider } },
    {
      name: 'booking creation (POST wizard)',
      path: bookPath,
      expect: 303,
      ...post,
      // A fresh idempotency key each time: every request creates a booking.
      setupRequest: (req) => ({ ...req, body: bookingBody(csrf) }),
      body: bookingBody(csrf),
    },
  ];
}

async function measure(base, c) {
  const warm = await fetch(`${base}${c.path}`, {
    method: c.method ?? 'GET',
    headers: c.headers,
    body: c.body,
    redirect: 'manual',
  });
  await warm.arrayBuffer();
  if (warm.status !== (c.expect ?? 200)) throw new Error(`${c.name}: ${c.path} answered ${warm.status}`);
  const r = await autocannon({
    url: `${base}${c.path}`,
    connections,
    duration,
    ...(c.method ? { method: c.method } : {}),
    ...(c.headers ? { headers: c.headers } : {}),
    ...(c.setupRequest ? { requests: [{ setupRequest: c.setupRequest }], body: c.body } : {}),
  });
  // Any answer but the expected one is an error: a redirect to the login page is no bookings list.
  const unexpected = c.expect === 303 ? r.non2xx - r['3xx'] + r['2xx'] : r.non2xx;
  // Let the last requests of the run finish before the next one (or the shutdown).
  await new Promise((done) => setTimeout(done, 1000));
  return {
    name: c.name,
    path: c.path,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + unexpected,
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
    const all = await cases(server.base);
    console.log(
      `\n${services} services, ${connections} connections, ${duration} s a page (latency in ms; ratio to the layout page)\n`,
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
