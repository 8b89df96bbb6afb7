import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

// A comment points at something a newcomer can open: a file of the repository (docs/, a module), never an
// issue number or a specification that lives outside it.
const ROOTS = ['src', 'views', 'islands'];
const OUTSIDE = [/\bissues? #?\d+/i, /\b(SPEC|DESIGN) §/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

describe('the house: references stay inside the repository', () => {
  it('no source file names an issue number or a § of a specification kept elsewhere', () => {
    const found = ROOTS.flatMap(filesUnder).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => OUTSIDE.some((rule) => rule.test(line)))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found).to.deep.equal([]);
  });

  it('would see one', () => {
    expect(OUTSIDE.some((rule) => rule.test('// see issue 24'))).to.equal(true);
    expect(OUTSIDE.some((rule) => rule.test('// SPEC § 5'))).to.equal(true);
  });
});
