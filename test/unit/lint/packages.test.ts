import { expect } from 'chai';
import { ESLint } from 'eslint';

// A package under packages/ stands on its own: `npm run lint` refuses any import of it that leaves its folder.
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'packages/boundary' || m.ruleId === 'no-restricted-properties')
    .map((m) => m.message);
}

describe('npm run lint: the packages', function () {
  this.timeout(60_000);

  for (const [what, filePath, code] of [
    [
      'a package source importing the app',
      'packages/pg-embedded-server/src/example.ts',
      "import { logger } from '../../../src/config/logger.js';\nexport const x = logger;\n",
    ],
    [
      'a package test importing the app’s test helpers',
      'packages/pg-embedded-server/test/example.test.ts',
      "import { testDatabase } from '../../../test/helpers/db.js';\nexport const x = testDatabase;\n",
    ],
    [
      'a package re-exporting from the app',
      'packages/pg-embedded-server/src/example.ts',
      "export { config } from '../../../src/config/env.js';\n",
    ],
    [
      'a package importing the app dynamically',
      'packages/pg-embedded-server/src/example.ts',
      "export const x = () => import('../../../src/config/env.js');\n",
    ],
  ] as const) {
    it(`refuses ${what}`, async () => {
      expect(await problems(filePath, code)).to.deep.equal([
        'A package imports only its own files and npm packages, never the app (src/): take what it needs as an option.',
      ]);
    });
  }

  it('refuses a package reading the environment', async () => {
    const found = await problems('packages/pg-embedded-server/src/example.ts', 'export const x = process.env.PORT;\n');
    expect(found).to.have.length(1);
  });

  it('accepts a package importing its own files and npm packages', async () => {
    const code =
      "import pg from 'pg';\nimport { serveEmbedded } from '../src/index.js';\nimport { x } from './helpers.js';\n" +
      'export const y = [pg, serveEmbedded, x];\n';
    expect(await problems('packages/pg-embedded-server/test/example.test.ts', code)).to.deep.equal([]);
  });

  it('lets the app import a package', async () => {
    const code =
      "import { serveEmbedded } from '../../packages/pg-embedded-server/src/index.js';\nexport const x = serveEmbedded;\n";
    expect(await problems('src/db/example.ts', code)).to.deep.equal([]);
  });
});
