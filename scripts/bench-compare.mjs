// Two versions of the app compared page by page from the JSON reports `npm run bench` wrote for each, run
// alternately on one machine (a, b, b, a: the machine's speed drifts within minutes). For every page both
// measured: the mean of its ratios to the layout page over all rounds of each version, a's mean over b's
// with its 95% interval, and whether a is slower, faster, or level within the rounds' scatter.
//
//   node scripts/bench-compare.mjs var/main-1.json,var/main-2.json var/before-1.json,var/before-2.json [--names main,before]
import { readFileSync } from 'node:fs';
import { compare, ratiosByPage } from './bench-stats.mjs';

const args = process.argv.slice(2);
const namesAt = args.indexOf('--names');
const [nameA, nameB] = namesAt >= 0 ? args.splice(namesAt, 2)[1].split(',') : ['a', 'b'];
if (args.length !== 2) {
  console.error('usage: node scripts/bench-compare.mjs A.json[,A2.json…] B.json[,B2.json…] [--names a,b]');
  process.exit(2);
}
const [a, b] = args.map((list) => ratiosByPage(list.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')))));

const fixed = (x) => x.toFixed(3);
const cell = (s, w) => String(s).padStart(w);
console.log(
  `${'page'.padEnd(50)}${cell(`${nameA} mean±se (n)`, 22)}${cell(`${nameB} mean±se (n)`, 22)}${cell(`${nameA}/${nameB}`, 14)}${cell('95% interval', 16)}  verdict`,
);
let slower = 0;
for (const [page, ratiosA] of a) {
  const ratiosB = b.get(page);
  if (!ratiosB) continue;
  const c = compare(ratiosA, ratiosB);
  if (c.verdict === 'slower') slower += 1;
  const stat = (d) => `${fixed(d.mean)}${Number.isFinite(d.se) ? `±${fixed(d.se)}` : ''} (${d.n})`;
  console.log(
    `${page.padEnd(50)}${cell(stat(c.a), 22)}${cell(stat(c.b), 22)}${cell(c.ratio.toFixed(2), 14)}${cell(Number.isFinite(c.low) ? `${c.low.toFixed(2)}–${c.high.toFixed(2)}` : '–', 16)}  ${c.verdict}`,
  );
}
console.log(
  slower ? `\n${nameA} slower than ${nameB} on ${slower} page(s)` : `\n${nameA} slower than ${nameB} on no page`,
);
