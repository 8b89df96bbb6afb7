// `npm run bench`: seeds a large synthetic database (seeds/bench.ts, seeds/bench-bookings.ts), starts the
// built server on it in production mode and measures every page of the list with autocannon, in one run.
// A benchmark, not a test: it prints and writes numbers, it asserts nothing.
//
//   DATABASE_URL=postgres://.../x npm run bench      100,000 services on PostgreSQL, in a fresh database x_bench,
//                                                    32 connections, 6 s a page
//   npm run bench                                    20,000 services on the embedded database, 10 connections
//   npm run bench -- --small                         2,000 services, 1 s a page (CI: proves the command works)
//   npm run bench -- --services 1000000 --keep       any volume; --keep keeps the seeded data for the next run
//   --connections N --duration S --json FILE --data-dir DIR --only "search"   (--only: cases whose name contains it;
//                "a|b": any of them)
//   --warmup S   each case first runs S seconds (default 2; 0 in --small) at the same concurrency, not measured:
//                a server that has run for a while has its connections open, its statements prepared and its
//                code compiled; the first seconds after a start are slower and are not what users meet.
//   --rounds N   every case is measured N times, the list once through per round (default 2; 1 in --small).
//
// The layout page (the baseline) is measured before the first case and again after every case, and each
// case's ratio is to the mean of the two baseline runs beside it: on this virtual machine the speed of the
// CPU moves by up to half within minutes (another guest on the host), with or without steal time, and a
// baseline measured minutes earlier compares a page with a different machine. The table shows each case's
// median round (the lower middle of an even count) and the range of its ratios.
//   --max-steal P --retries N   a page whose run, or a baseline run beside it, lost more than P% of the
//                machine to other guests (steal time, default 5) is measured again, at most N times (default 3;
//                0 in --small); the table shows the steal of the run it keeps.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchCases, budgetMiss } from './bench-cases.mjs';
import { benchDatabase, caseRequest, freePort, root, seed, startServer, unexpectedAnswers } from './bench-lib.mjs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  // The usage is the comment at the top of this file.
  const own = readFileSync(new URL(import.meta.url), 'utf8');
  console.log(own.slice(0, own.indexOf('\nimport ')).replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const small = process.argv.includes('--small');
const onPostgres = Boolean(process.env.DATABASE_URL);
const services = Number(option('services', small ? '2000' : onPostgres ? '100000' : '20000'));
const duration = Number(option('duration', small ? '1' : '6'));
const warmup = Number(option('warmup', small ? '0' : '2'));
const rounds = Math.max(1, Number(option('rounds', small ? '1' : '2')));
const maxSteal = Number(option('max-steal', '5'));
const retries = Number(option('retries', small ? '0' : '3'));
const connections = Number(option('connections', small ? '8' : onPostgres ? '32' : '10'));
const keep = process.argv.includes('--keep');
const only = option('only', null);
const givenDataDir = option('data-dir', null);
const jsonFile = path.resolve(
  option('json', path.join(root, 'var', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)),
);

async function measure(base, c, { warm: warmFor = warmup } = {}) {
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
  if (warmFor > 0) {
    await autocannon({ ...caseRequest(base, c), connections, duration: warmFor });
    await settle();
  }
  const before = cpuTimes();
  const r = await autocannon({ ...caseRequest(base, c), connections, duration });
  const stealPct = stealBetween(before, cpuTimes());
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
    stealPct,
  };
}

/** The machine's CPU time so far, in clock ticks (Linux /proc/stat): all of it, and what the host took. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The share of the machine's time its host took for other guests between two readings, in percent. */
function stealBetween(a, b) {
  if (!a || !b || b.total === a.total) return null;
  return Math.round(((b.steal - a.steal) / (b.total - a.total)) * 100);
}

/** The middle value (the lower middle of an even count). */
function median(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((x, y) => x - y);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
}

const cell = (v, w) => String(v ?? '-').padStart(w);
const HEADINGS = ['page', 'req/s', 'p50', 'p97.5', 'p99', 'errors', 'ratio', 'ratios', 'steal%', 'RSS', 'budget'];
const WIDTHS = [48, 7, 6, 6, 6, 6, 6, 11, 6, 6, 16];
function line(values) {
  return values.map((v, i) => (i === 0 ? String(v).padEnd(WIDTHS[0]) : cell(v, WIDTHS[i]))).join(' ');
}
/** The lowest and highest of a case's ratios over the rounds ("0.31-0.36"). */
function ratioRange(ratios) {
  const known = ratios.filter((r) => r !== null);
  return known.length > 1 ? `${Math.min(...known)}-${Math.max(...known)}` : '';
}

/** One case over the rounds: its median round by ratio, the range of its ratios, its errors over all rounds. */
function summary(measured) {
  const middle = median(measured.map((r) => r.ratio));
  const chosen = measured.find((r) => r.ratio === middle) ?? measured[0];
  return {
    ...chosen,
    errors: measured.reduce((sum, r) => sum + r.errors, 0),
    ratios: measured.map((r) => r.ratio),
    rounds: measured.length,
  };
}

const mean = (a, b) => (a + b) / 2;

/** The web process's resident memory may reach this (MB). */
const RSS_BUDGET_MB = 400;
const rounded = (x) => Math.round(x * 100) / 100;

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
  const perRound = [];
  const baselineRuns = [];
  const results = [];
  try {
    const all = await benchCases(server.base);
    const baselineCase = all.find((c) => c.baseline);
    const cases = all.filter((c) => !c.baseline && (!only || only.split('|').some((o) => c.name.includes(o))));
    console.log(
      `\n${services} services, ${connections} connections, ${duration} s a page after ${warmup} s of warm-up, ${rounds} round${rounds > 1 ? 's' : ''}; the layout page is measured again after each page, and each ratio is to the two runs beside it (latency in ms)`,
    );
    const print = (r) =>
      console.log(line([r.name, r.reqPerSec, r.p50, r.p97_5, r.p99, r.errors, r.ratio ?? '', '', r.stealPct, r.rssMb]));
    const run = async (c, options) => ({ ...(await measure(server.base, c, options)), rssMb: server.memory().rssMb });
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`\n${rounds > 1 ? `round ${round} of ${rounds}` : ''}`);
      console.log(line(HEADINGS));
      // The baseline needs no warm-up of its own after its first run: it has just run.
      let before = await run(baselineCase, { warm: round === 1 ? warmup : 0 });
      baselineRuns.push(before);
      print(before);
      const measured = [];
      const stolen = (m) => m.stealPct !== null && m.stealPct > maxSteal;
      for (const c of cases) {
        let r;
        let after;
        // A page whose run, or a baseline run beside it, lost more than --max-steal of the machine to other
        // guests is measured again (at most --retries times; the table shows the steal of the run kept).
        for (let attempt = 0; ; attempt += 1) {
          if (stolen(before) && attempt > 0) {
            before = await run(baselineCase, { warm: 0 });
            baselineRuns.push(before);
            print(before);
          }
          r = await run(c);
          after = await run(baselineCase, { warm: 0 });
          const again = attempt < retries && (stolen(before) || stolen(r) || stolen(after));
          r.baselineReqPerSec = Math.round(mean(before.reqPerSec, after.reqPerSec));
          r.ratio = rounded(r.reqPerSec / r.baselineReqPerSec);
          r.attempts = attempt + 1;
          print(r);
          print(after);
          baselineRuns.push(after);
          if (!again) break;
          console.log(`  (steal above ${maxSteal}%: ${c.name} measured again)`);
          before = after;
        }
        measured.push(r);
        before = after;
      }
      perRound.push(measured);
    }
    // The layout page's own line: the median of its runs the host left alone (of all, if none was).
    const quiet = baselineRuns.filter((r) => r.stealPct === null || r.stealPct <= maxSteal);
    const baseline = summary((quiet.length ? quiet : baselineRuns).map((r) => ({ ...r, ratio: r.reqPerSec })));
    results.push({ ...baseline, ratio: 1, ratios: [], baseline: true, runs: baselineRuns.length });
    for (const [i, c] of cases.entries()) {
      const r = summary(perRound.map((measured) => measured[i]));
      results.push({ ...r, budget: c.budget ?? null, budgetMiss: budgetMiss(c, r) });
    }
    console.log(
      `\n${rounds > 1 ? `the median of ${rounds} rounds` : 'summary'} (the layout page: the median of its ${quiet.length || baselineRuns.length} runs with steal up to ${maxSteal}%, of ${baselineRuns.length}; ratios: the lowest and highest of the rounds)`,
    );
    console.log(line(HEADINGS));
    for (const r of results) {
      console.log(
        line([
          r.name,
          r.reqPerSec,
          r.p50,
          r.p97_5,
          r.p99,
          r.errors,
          r.ratio,
          ratioRange(r.ratios),
          r.stealPct,
          r.rssMb,
          r.baseline || !r.budget ? '' : r.budgetMiss || 'ok',
        ]),
      );
    }
    const missed = results.filter((r) => r.budgetMiss);
    console.log(
      missed.length
        ? `\n${missed.length} of ${results.filter((r) => r.budget).length} pages outside their budget: ${missed.map((r) => r.name).join('; ')}`
        : '\nevery page within its budget',
    );
  } finally {
    const memory = server.memory();
    await server.stop();
    const report = {
      measuredAt: new Date().toISOString(),
      database: database ? 'postgresql' : 'embedded',
      services,
      connections,
      durationS: duration,
      warmupS: warmup,
      rounds,
      peakRssMb: memory.peakRssMb,
      rssBudgetMb: RSS_BUDGET_MB,
      cases: results,
      perRound,
      baselineRuns,
    };
    mkdirSync(path.dirname(jsonFile), { recursive: true });
    writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\nserver peak RSS ${memory.peakRssMb} MB (budget ${RSS_BUDGET_MB} MB${memory.peakRssMb > RSS_BUDGET_MB ? ': OVER' : ''}); JSON in ${path.relative(process.cwd(), jsonFile)}`,
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
