// The arithmetic of scripts/bench-compare.mjs: whether two versions' ratios to the layout page differ by more
// than their rounds scatter. Each round of `npm run bench` gives a page one ratio (its req/s over the layout
// page's beside it); a version measured in several runs has several of them.

/** Two-sided 97.5% quantiles of Student's t for 1 to 30 degrees of freedom; above 30, the normal's 1.96. */
const T975 = [
  12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

function tQuantile(df) {
  if (!(df >= 1)) return Infinity;
  return df > 30 ? 1.96 : T975[Math.floor(df) - 1];
}

/** Mean, sample standard deviation and standard error of the mean of some numbers. */
function describe(values) {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : NaN;
  return { n, mean, sd, se: sd / Math.sqrt(n) };
}

/**
 * How version a compares with version b on one page: the ratio of their mean ratios and its 95% interval
 * (the two means' relative standard errors combined, Welch's degrees of freedom), and a verdict that says
 * "slower" or "faster" only when the whole interval lies on one side of 1.
 */
export function compare(a, b) {
  const x = describe(a);
  const y = describe(b);
  const ratio = x.mean / y.mean;
  const ra = x.se / x.mean;
  const rb = y.se / y.mean;
  const rel = Math.sqrt(ra ** 2 + rb ** 2);
  // Rounds that all read the same give no scatter to weigh: the interval is the ratio itself.
  const df = rel === 0 ? Infinity : rel ** 4 / (ra ** 4 / (x.n - 1) + rb ** 4 / (y.n - 1));
  const spread = rel === 0 ? 0 : tQuantile(df) * rel;
  const low = ratio * Math.exp(-spread);
  const high = ratio * Math.exp(spread);
  const verdict = !Number.isFinite(spread) ? 'too few rounds' : high < 1 ? 'slower' : low > 1 ? 'faster' : 'level';
  return { a: x, b: y, ratio, low, high, verdict };
}

/** Each page's ratios over every round of every report (the JSON `npm run bench` writes), by page name. */
export function ratiosByPage(reports) {
  const pages = new Map();
  for (const report of reports) {
    for (const round of report.perRound) {
      for (const r of round) {
        if (typeof r.ratio !== 'number') continue;
        if (!pages.has(r.name)) pages.set(r.name, []);
        pages.get(r.name).push(r.ratio);
      }
    }
  }
  return pages;
}
