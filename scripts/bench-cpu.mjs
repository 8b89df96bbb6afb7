// CPU time per request of each page `npm run bench` measures: the web process's and its PostgreSQL
// backends' (Linux /proc), which, unlike req/s, hardly depends on what else runs on the machine, and the
// load generator's own (on two cores it shares them with the server: a response that costs the client more
// lowers req/s at the same server CPU). On a database seeded by `npm run bench -- --keep`, after
// `npm run build`:
//
//   DATABASE_URL=postgres://.../x_bench node scripts/bench-cpu.mjs [--requests 150] [--connections 4] [--only "page|other page"]
//
// At 4 connections each request wakes the process on its own, and a good part of its CPU is that (healthz
// itself then costs over a millisecond); at the benchmark's 32 the wake-ups are shared, as under load.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchCases } from './bench-cases.mjs';
import { caseRequest, freePort, startServer, unexpectedAnswers } from './bench-lib.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const requests = Number(option('requests', '150'));
const connections = Number(option('connections', '4'));
const only = option('only', null);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the seeded benchmark database');
const database = new URL(url).pathname.slice(1);

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
  return { web: cpuMs(server.pid), db: new Map(rows.map((r) => [r.pid, cpuMs(r.pid)])) };
}
/** The backends' CPU between two snapshots: a backend that ended meanwhile is not counted as negative. */
function dbMs(before, after) {
  let sum = 0;
  for (const [pid, ms] of after.db) sum += ms - (before.db.get(pid) ?? 0);
  return sum;
}
try {
  console.log(
    `${'page'.padEnd(40)} web ms  db ms client ms (CPU per request, ${requests} requests, ${connections} connections)`,
  );
  for (const c of await benchCases(server.base)) {
    if (only && !only.split('|').some((o) => c.name.includes(o))) continue;
    const options = { ...caseRequest(server.base, c), connections };
    await autocannon({ ...options, amount: Math.max(20, connections) });
    const before = await snapshot();
    const client = process.cpuUsage();
    const r = await autocannon({ ...options, amount: requests });
    const { user, system } = process.cpuUsage(client);
    const after = await snapshot();
    // A tick is 10 ms: with a thousand requests or more a hundredth of a millisecond is still read.
    const per = (a, b) => ((b - a) / requests).toFixed(requests >= 1000 ? 2 : 1).padStart(6);
    const errors = unexpectedAnswers(c, r);
    console.log(
      `${c.name.padEnd(40)} ${per(before.web, after.web)} ${per(0, dbMs(before, after))} ${per(0, (user + system) / 1000)}${errors ? `  (${errors} errors)` : ''}`,
    );
  }
} finally {
  await admin.end();
  await server.stop();
}
