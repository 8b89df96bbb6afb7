import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

// Files stay under 300 lines (docs/design.md, conventions): a longer one is split by responsibility.
const LIMIT = 300;
const ROOTS = ['src', 'islands', 'scripts', 'seeds', 'test', 'views', 'public/css'];

/**
 * Data tables may be as long as their data: where they live says what they are, so a table added there
 * needs no entry here, and code beside them gets none of their licence.
 */
const DATA_TABLES: [RegExp, string][] = [
  [/^seeds\/data\//, 'the demo data set: providers, services, cities, clients, people, reviews'],
  [/^src\/reference-data\/.+\/tables\.ts$/, "hand-kept corrections to the gazetteer's source packages"],
  [/^src\/documents\/fatturapa\/schema\/.+\.xsd$/, 'the official FatturaPA schemas, kept as published'],
];

/** Every file under a folder, as a path from the repository root with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** Lines as an editor numbers them: a final newline does not start another. */
function linesOf(file: string): number {
  const text = readFileSync(file, 'utf8');
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const isDataTable = (file: string): boolean => DATA_TABLES.some(([rule]) => rule.test(file));

describe('the house: file size', () => {
  const files = ROOTS.flatMap(filesUnder);

  it('walks every source folder, this file included', () => {
    expect(files).to.include.members(['src/app.ts', 'test/unit/lint/file-size.test.ts', 'public/css/app.css']);
    expect(files.some((f) => f.startsWith('views/') && f.endsWith('.ejs'))).to.equal(true);
  });

  it(`keeps every file but the data tables under ${LIMIT} lines`, () => {
    const tooLong = files
      .filter((f) => !isDataTable(f))
      .map((f) => ({ file: f, lines: linesOf(f) }))
      .filter(({ lines }) => lines >= LIMIT)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong, 'split these by responsibility').to.deep.equal([]);
  });

  it('finds a data table under each of its rules', () => {
    for (const [rule, what] of DATA_TABLES)
      expect(
        files.some((f) => rule.test(f)),
        what,
      ).to.equal(true);
  });
});
