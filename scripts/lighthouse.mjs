// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated)
// of home, search, a service page and the booking wizard, on the built app in production mode with the demo
// data on the embedded database. A measurement, not a test: it prints each page's performance score and
// its metrics, and writes Lighthouse's full reports as JSON under var/lighthouse/.
//
//   npm run lighthouse                       the four pages, one run each
//   npm run lighthouse -- --runs 3           each page three times; the table shows the median score
//   npm run lighthouse -- --page search      only the pages whose name contains "search"
//   CHROME_PATH=/usr/bin/chromium            the browser (default: /usr/bin/chromium)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PROXIED, freePort, root, signIn, startServer } from './bench-lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', '1'));
const BUDGET = 95;
const DEMO_CLIENT = 'cliente@demo.sicurhub.it';
const DEMO_PASSWORD = 'Demo2026!';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sicurhub-lighthouse-'));
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1', DATABASE_URL: '' }, await freePort());
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
  ],
});

try {
  const search = await (await fetch(`${server.base}/api/search?q=corso+antincendio`, { headers: PROXIED })).json();
  const serviceId = search.cards[0]?.id;
  if (!serviceId) throw new Error('the demo has no "corso antincendio" to open');
  const client = await signIn(server.base, DEMO_CLIENT, DEMO_PASSWORD);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search?q=corso+antincendio&location=Bergamo&radius=25' },
    { name: 'service page', path: `/services/${serviceId}` },
    { name: 'booking wizard (client signed in)', path: `/services/${serviceId}/book`, cookie: client },
  ];
  const only = arg('page', '');
  const outDir = path.join(root, 'var', 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  const rows = [];
  for (const page of pages.filter((p) => p.name.includes(only))) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${server.base}${page.path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
        extraHeaders: { ...PROXIED, ...(page.cookie ? { cookie: page.cookie } : {}) },
      });
      const lhr = result.lhr;
      const metric = (id) => lhr.audits[id]?.numericValue;
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(metric('first-contentful-paint')),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        siMs: Math.round(metric('speed-index')),
        finalUrl: lhr.finalDisplayedUrl,
      });
      writeFileSync(path.join(outDir, `${page.name.replace(/\W+/g, '-')}-${i + 1}.json`), result.report);
    }
    results.sort((a, b) => a.score - b.score);
    const median = results[Math.floor((results.length - 1) / 2)];
    if (median.finalUrl !== `${server.base}${page.path}`) throw new Error(`${page.name} ended at ${median.finalUrl}`);
    rows.push({ page: page.name, path: page.path, scores: results.map((r) => r.score), ...median });
  }
  console.log(`\nLighthouse mobile (simulated throttling), ${runs} run(s) a page:\n`);
  console.log('| page | score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | budget |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.score}${runs > 1 ? ` (${r.scores.join(', ')})` : ''} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.siMs} | ${r.score >= BUDGET ? 'ok' : `<${BUDGET}`} |`,
    );
  writeFileSync(
    path.join(outDir, 'summary.json'),
    JSON.stringify({ at: new Date().toISOString(), runs, rows }, null, 2),
  );
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
