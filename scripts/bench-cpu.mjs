// CPU time per request of each search shape: the web process's and its PostgreSQL backends' (Linux /proc),
// which, unlike req/s, hardly depends on what else runs on the machine. On a database seeded by
// `npm run bench -- --keep`, after `npm run build`:
//
//   DATABASE_URL=postgres://.../x_bench node scripts/bench-cpu.mjs [--requests 150]
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startServer } from './bench-lib.mjs';

const i = process.argv.indexOf('--requests');
const requests = Number(i > 0 ? process.argv[i + 1] : 150);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the seeded benchmark database');
const database = new URL(url).pathname.slice(1);

const CASES = [
  ['layout page /terms', '/terms'],
  ['/services', '/services'],
  ['text "corso antincendio"', '/search?q=corso+antincendio'],
  ['text + Bergamo 25 km', '/search?q=corso+antincendio&location=Bergamo&radius=25'],
  [
    'text + Milano 50 km + filters',
    '/search?q=corso+antincendio&location=Milano&radius=50&price=0-200&rating=4&availability=this_month',
  ],
  ['Roma 50 km by distance', '/search?location=Roma&radius=50&sort=distance'],
  ['Roma 50 km by distance, page 10', '/search?location=Roma&radius=50&sort=distance&page=10'],
  ['api: dvr + Torino 25 km', '/api/search?q=dvr&location=Torino&radius=25'],
];

/** user + system CPU of a process in ms (clock ticks of 10 ms), 0 once it is gone. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const port = await freePort();
const server = await startServer({ DATABASE_URL: url }, port);
const admin = new pg.Client({ connectionString: url });
await admin.connect();
async function snapshot() {
  const { rows } = await admin.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return { web: cpuMs(server.pid), db: rows.reduce((sum, r) => sum + cpuMs(r.pid), 0) };
}
try {
  console.log(`${'page'.padEnd(34)} web ms  db ms  (CPU per request, ${requests} requests, 4 connections)`);
  for (const [name, path] of CASES) {
    const target = `${server.base}${path}`;
    await autocannon({ url: target, connections: 4, amount: 20 });
    const before = await snapshot();
    const r = await autocannon({ url: target, connections: 4, amount: requests });
    const after = await snapshot();
    const per = (a, b) => ((b - a) / requests).toFixed(1).padStart(6);
    const errors = r.non2xx + r.errors;
    console.log(
      `${name.padEnd(34)} ${per(before.web, after.web)} ${per(before.db, after.db)}${errors ? `  (${errors} errors)` : ''}`,
    );
  }
} finally {
  await admin.end();
  await server.stop();
}
