// The machinery of `npm run bench` (scripts/bench.mjs): its database, seed, server, signed-in sessions and memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

/** With DATABASE_URL the benchmark gets its own database beside it: <name>_bench (or <name>_bench_small). */
export async function benchDatabase(url, { keep, suffix }) {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_${suffix}`;
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

/** Seeds providers and services, then clients, bookings and reviews; an already seeded database is reused. */
export async function seed(env, services) {
  const { loadConfig } = await import(dist('src/config/env.js'));
  const { openDatabase } = await import(dist('src/db/connection.js'));
  const { prepareDatabase } = await import(dist('src/boot/prepare-database.js'));
  const { seedBench } = await import(dist('seeds/bench.js'));
  const { seedBenchBookings } = await import(dist('seeds/bench-bookings.js'));
  const cfg = loadConfig({ ...process.env, ...env, NODE_ENV: 'development', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const handle = await openDatabase(cfg);
  try {
    await prepareDatabase(handle.knex, { seedDemo: false });
    const [{ count }] = await handle.knex('services').count({ count: '*' });
    if (Number(count) >= services) {
      // What the earlier runs (and new migrations) added is vacuumed and in the statistics, as autovacuum would
      // have it in production: a server running without autovacuum would otherwise plan for the tables as
      // seeded, and read the heap of rows an index alone could answer for.
      await handle.knex.raw('VACUUM ANALYZE');
      console.log(`reusing ${count} services already seeded (vacuumed, analyzed)`);
      return;
    }
    // An interrupted seed: seeding again on top of it would add a second set of providers and services.
    if (Number(count) > 0) throw new Error(`${count} of ${services} services seeded: run once without --keep`);
    const started = Date.now();
    const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
    let shown = 0;
    const summary = await seedBench(handle.knex, {
      services,
      onProgress(done, total) {
        if (done - shown >= total / 10 || done === total) {
          shown = done;
          process.stdout.write(`  seeded ${done}/${total} services (${elapsed()})\n`);
        }
      },
    });
    const bookings = await seedBenchBookings(handle.knex, {
      clients: Math.max(200, Math.round(services / 25)),
      bookings: services * 2,
    });
    await handle.knex.raw('VACUUM ANALYZE');
    console.log(
      `seeded ${summary.providers} providers, ${summary.services} services, ${bookings.bookings} bookings, ${bookings.reviews} reviews in ${elapsed()}`,
    );
  } finally {
    await handle.close();
  }
}

/** The Node.js options of the Procfile's web process (`web: node_modules/.bin/node <options> dist/src/server.js`). */
function procfileWebOptions() {
  const line = readFileSync(path.join(root, 'Procfile'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('web:'));
  const match = /^web:\s*(?:node_modules\/\.bin\/)?node\s+(.*?)\s*dist\/src\/server\.js\s*$/.exec(line ?? '');
  if (!match) throw new Error('Procfile: no "web: node_modules/.bin/node … dist/src/server.js" line');
  return match[1].split(/\s+/).filter(Boolean);
}

export async function startServer(env, port) {
  // With the Procfile's options (the heap the web process may use); BENCH_NODE_ARGS adds to them, for example
  // '--cpu-prof --cpu-prof-dir=DIR' to profile the web process (written when it stops).
  const nodeArgs = [...procfileWebOptions(), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/src/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // Production requires the operator's identity and its invoicing data; the bench shows the demo's.
      OPERATOR_NAME: 'SicurHub S.r.l. (dati dimostrativi)',
      OPERATOR_VAT_NUMBER: '12345670017',
      OPERATOR_ADDRESS: 'Via Esempio 1, 20121 Milano (MI)',
      OPERATOR_PEC: 'sicurhub@pec.example.it',
      OPERATOR_REA: 'MI-0000000',
      INVOICE_SELLER_NAME: 'SicurHub S.r.l. (dati dimostrativi)',
      INVOICE_SELLER_VAT_NUMBER: '12345670017',
      INVOICE_SELLER_STREET: 'Via Esempio 1',
      INVOICE_SELLER_POSTAL_CODE: '20121',
      INVOICE_SELLER_CITY: 'Milano',
      INVOICE_SELLER_PROVINCE: 'MI',
      // As the Procfile deploys it: the web process serves pages, a jobs process sends the mail. Inline,
      // the job runner would spend the run writing reminders for the seeded bookings.
      JOBS_MODE: 'off',
      TRUST_PROXY: 'loopback', // the benchmark is the proxy in front of the server (PROXIED below)
      ...env, // the caller's last: its database, its data folder, the demo data for a Lighthouse run
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
    pid: child.pid,
    /** Resident memory now and at its peak (Linux /proc), in MB; null elsewhere. */
    memory() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
        return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
      } catch {
        return { rssMb: null, peakRssMb: null };
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

// The session cookie is Secure in production and the server trusts a proxy on loopback (TRUST_PROXY above):
// the benchmark talks plain HTTP to it as that proxy would, saying the visitor's connection was HTTPS.
export const PROXIED = { 'x-forwarded-proto': 'https' };

const cookieOf = (res) => (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
const csrfIn = (html) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

/** Signs in through the real login form; returns the session cookie. */
export async function signIn(base, email, password) {
  const form = await fetch(`${base}/auth/login`, { headers: PROXIED });
  const cookie = cookieOf(form);
  const csrf = csrfIn(await form.text());
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...PROXIED, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf ?? '', email, password }).toString(),
  });
  await res.arrayBuffer();
  const session = cookieOf(res) || cookie;
  if (res.status !== 302 && res.status !== 303) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return session;
}

/** The CSRF token of a signed-in session, read from a page that has a form. */
export async function csrfOf(base, cookie, pagePath) {
  const html = await (await fetch(`${base}${pagePath}`, { headers: { ...PROXIED, cookie } })).text();
  const token = csrfIn(html);
  if (!token) throw new Error(`no CSRF token on ${pagePath}`);
  return token;
}

/** autocannon's options for one case: its method, headers and, for the booking creation, a fresh body each time. */
export function caseRequest(base, c) {
  return {
    url: `${base}${c.path}`,
    ...(c.method ? { method: c.method } : {}),
    ...(c.headers ? { headers: c.headers } : {}),
    ...(c.setupRequest ? { requests: [{ setupRequest: c.setupRequest }], body: c.body } : {}),
  };
}

/** Any answer but the case's expected one is an error: a redirect to the login page is no bookings list. */
export function unexpectedAnswers(c, r) {
  return r.errors + r.timeouts + (c.expect === 303 ? r.non2xx - r['3xx'] + r['2xx'] : r.non2xx);
}
