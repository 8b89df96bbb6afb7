import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// scripts/bench-compare.mjs reads the reports of `npm run bench` of two versions and says, page by page,
// whether the first is slower, faster or level within the scatter of the rounds.

const script = path.resolve('scripts/bench-compare.mjs');

/** A report as `npm run bench` writes it: one list per round of each page's measurement. */
function report(pages: Record<string, number[]>): object {
  const rounds = Math.max(...Object.values(pages).map((r) => r.length));
  return {
    perRound: Array.from({ length: rounds }, (_, i) =>
      Object.entries(pages).map(([name, ratios]) => ({ name, ratio: ratios[i] })),
    ),
  };
}

describe('scripts/bench-compare.mjs', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-compare-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function run(a: object[], b: object[]): string {
    const write = (name: string, reports: object[]): string =>
      reports
        .map((r, i) => {
          const file = path.join(dir, `${name}-${i}.json`);
          writeFileSync(file, JSON.stringify(r));
          return file;
        })
        .join(',');
    return execFileSync(process.execPath, [script, write('a', a), write('b', b), '--names', 'main,before'], {
      encoding: 'utf8',
    });
  }
  const lineOf = (out: string, page: string): string => out.split('\n').find((l) => l.startsWith(page)) ?? '';

  it('calls a page slower or faster only when the whole interval lies on one side of 1, pooling every report', () => {
    const out = run(
      [
        report({ dashboard: [0.25, 0.26, 0.24], search: [0.5, 0.52], noisy: [0.2, 0.4] }),
        report({ dashboard: [0.25, 0.26, 0.25], search: [0.51, 0.5] }),
      ],
      [report({ dashboard: [0.3, 0.31, 0.3, 0.29], search: [0.4, 0.41, 0.39, 0.4], noisy: [0.3, 0.31] })],
    );
    expect(lineOf(out, 'dashboard')).to.match(/0\.252±0\.003 \(6\)/);
    expect(lineOf(out, 'dashboard')).to.match(/0\.84 .* slower$/);
    expect(lineOf(out, 'search')).to.match(/1\.27 .* faster$/);
    expect(lineOf(out, 'noisy')).to.match(/level$/);
    expect(out).to.include('main slower than before on 1 page(s)');
  });

  it('says when a page was measured once a version, and leaves out pages only one version measured', () => {
    const out = run([report({ dashboard: [0.25], 'only main': [0.3] })], [report({ dashboard: [0.25, 0.26] })]);
    expect(lineOf(out, 'dashboard')).to.match(/ – +too few rounds$/);
    expect(out).not.to.include('NaN');
    expect(out).not.to.include('only main');
    expect(out).to.include('main slower than before on no page');
  });

  it('judges rounds that all read the same by their means alone', () => {
    const out = run([report({ steady: [0.3, 0.3] })], [report({ steady: [0.25, 0.25] })]);
    expect(lineOf(out, 'steady')).to.match(/1\.20 +1\.20–1\.20 +faster$/);
  });
});
