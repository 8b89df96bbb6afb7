import { expect } from 'chai';
import { ESLint } from 'eslint';

// The layers of the README's Architecture section are checked by `npm run lint` (eslint.config.js). Each case lints a small
// file as if it stood at that path, so a rule that stops firing fails here.
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter(
      (m) =>
        m.ruleId === 'no-restricted-imports' ||
        m.ruleId === 'no-restricted-properties' ||
        m.ruleId === 'no-restricted-syntax',
    )
    .map((m) => m.message);
}

describe('npm run lint: the layers', function () {
  this.timeout(60_000);

  const violations: Array<[string, string, string, RegExp]> = [
    [
      'a controller importing a repo',
      'src/controllers/example.controller.ts',
      "import { findById } from '../models/users/read.js';\nexport const x = findById;\n",
      /only services read repos/,
    ],
    [
      'a controller importing knex',
      'src/controllers/example.controller.ts',
      "import knex from 'knex';\nexport const x = knex;\n",
      /SQL lives in src\/models/,
    ],
    [
      'a controller using the Knex instance',
      'src/controllers/example.controller.ts',
      "import { db } from '../db/knex.js';\nexport const x = db;\n",
      /Controllers call services/,
    ],
    [
      'a route file calling a service',
      'src/routes/example.ts',
      "import { consume } from '../services/rate-limit.service.js';\nexport const x = consume;\n",
      /This layer sits below the services/,
    ],
    [
      'a service importing a controller',
      'src/services/example.service.ts',
      "import { show } from '../controllers/home.controller.js';\nexport const x = show;\n",
      /outermost layer/,
    ],
    [
      'a service importing a page builder',
      'src/services/example.service.ts',
      "import * as p from '../pages/home.page.js';\nexport const x = p;\n",
      /called by controllers only/,
    ],
    [
      'a service importing express',
      'src/services/example.service.ts',
      "import type { Request } from 'express';\nexport type X = Request;\n",
      /never req\/res/,
    ],
    [
      'a service querying through the Knex instance',
      'src/services/example.service.ts',
      "import { db } from '../db/knex.js';\nexport const x = db;\n",
      /call a repo function/,
    ],
    [
      'a page builder importing a repo',
      'src/pages/example.page.ts',
      "import { findById } from '../models/users/read.js';\nexport const x = findById;\n",
      /only services read repos/,
    ],
    [
      'a page builder importing knex',
      'src/pages/example.page.ts',
      "import knex from 'knex';\nexport const x = knex;\n",
      /SQL lives in src\/models/,
    ],
    [
      'a repo importing a service',
      'src/models/example/read.ts',
      "import { x as y } from '../services/search.service.js';\nexport const x = y;\n",
      /below the services/,
    ],
    [
      'an island importing a server module',
      'islands/example/App.tsx',
      "import { config } from '../../src/config/env.js';\nexport const x = config;\n",
      /only pure src\/lib modules/,
    ],
    [
      'an island importing a repo',
      'islands/example/App.tsx',
      "import * as r from '../../src/models/users/read.js';\nexport const x = r;\n",
      /only pure src\/lib modules/,
    ],
    [
      'a lib module importing node',
      'src/lib/example.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      /src\/lib is pure/,
    ],
    [
      'the job runner importing a controller',
      'src/jobs/example.ts',
      "import { show } from '../controllers/home.controller.js';\nexport const x = show;\n",
      /outermost layer/,
    ],
    [
      'the job runner querying through the Knex instance',
      'src/jobs/example.ts',
      "import { db } from '../db/knex.js';\nexport const x = db;\n",
      /call a repo function/,
    ],
    [
      'a service importing a statement helper',
      'src/services/example.service.ts',
      "import { prepared } from '../db/knex.js';\nexport const x = prepared;\n",
      /Only src\/models builds and sends statements/,
    ],
    [
      'a service importing the Knex types',
      'src/services/example.service.ts',
      "import type { Knex } from 'knex';\nexport type X = Knex.QueryBuilder;\n",
      /SQL lives in src\/models/,
    ],
    [
      'a service building a query with a repo builder',
      'src/services/example.service.ts',
      "import { cardsQuery } from '../models/bookings/cards.js';\nexport const q = (v: never) => cardsQuery(v);\n",
      /Services pass data, never query builders/,
    ],
    [
      'a service compiling a statement to its text',
      'src/services/example.service.ts',
      "import * as cards from '../models/bookings/cards.js';\nexport const q = (v: never) => cards.cardsQuery(v).toSQL();\n",
      /Services pass data, never query builders/,
    ],
    [
      'the job runner importing a statement helper',
      'src/jobs/example.ts',
      "import { compiledOnce } from '../db/knex.js';\nexport const x = compiledOnce;\n",
      /Only src\/models builds and sends statements/,
    ],
    [
      'the job runner building a query',
      'src/jobs/example.ts',
      "import { newestQuery } from '../models/notifications/read.js';\nexport const q = () => newestQuery('x');\n",
      /Services pass data, never query builders/,
    ],
    [
      'a service reading process.env',
      'src/services/example.service.ts',
      'export const port = process.env.PORT;\n',
      /config\(\)/,
    ],
    [
      'SQL text in a service',
      'src/services/example.service.ts',
      "export const q = 'SELECT id FROM users';\n",
      /SQL lives in src\/models/,
    ],
    [
      'SQL in a template in a controller',
      'src/controllers/example.controller.ts',
      'export const q = (t: string) => `DELETE FROM ${t}`;\n',
      /SQL lives in src\/models/,
    ],
    [
      'a service writing Italian through the translator',
      'src/services/example.service.ts',
      "import { t } from '../config/i18n.js';\nexport const x = t('errors:unexpected');\n",
      /Services return codes; page builders and email templates write Italian/,
    ],
    [
      'a payment service writing Italian through the translator',
      'src/services/payments/example.ts',
      "import { tree } from '../../config/i18n.js';\nexport const x = tree;\n",
      /Services return codes; page builders and email templates write Italian/,
    ],
    [
      'the job runner writing Italian through the translator',
      'src/jobs/example.ts',
      "import { t } from '../config/i18n.js';\nexport const x = t;\n",
      /Services return codes; page builders and email templates write Italian/,
    ],
    [
      'a document querying through the Knex instance',
      'src/documents/example.ts',
      "import { db } from '../db/knex.js';\nexport const x = db;\n",
      /never queries/,
    ],
    [
      'a query on a transaction in a service',
      'src/services/example.service.ts',
      "import type { Trx } from '../db/knex.js';\nexport const q = (trx: Trx) => trx('users').select('id');\n",
      /Pass the transaction to a repo/,
    ],
  ];

  for (const [name, filePath, code, expected] of violations) {
    it(`fails on ${name}`, async () => {
      const found = await problems(filePath, code);
      expect(
        found.some((m) => expected.test(m)),
        `expected ${expected} among ${JSON.stringify(found)}`,
      ).to.equal(true);
    });
  }

  const allowed: Array<[string, string, string]> = [
    [
      'a service starting a transaction',
      'src/services/example.service.ts',
      "import { transaction, type Trx } from '../db/knex.js';\nexport const x: [typeof transaction, Trx | null] = [transaction, null];\n",
    ],
    [
      'a service calling a repo function that sends its statement',
      'src/services/example.service.ts',
      "import { listPage } from '../models/bookings/cards.js';\nexport const q = (v: never) => listPage(v, { limit: 1, offset: 0 });\n",
    ],
    [
      'a repo using the Knex instance',
      'src/models/example/read.ts',
      "import { db } from '../db/knex.js';\nexport const q = () => db().raw('SELECT 1');\n",
    ],
    [
      'an island importing a pure lib module',
      'islands/example/App.tsx',
      "import { formatEuro } from '../../src/lib/money.js';\nexport const x = formatEuro;\n",
    ],
    [
      'a service handing data to a notification template',
      'src/services/example.service.ts',
      "import { reviewReceived } from '../documents/notifications.js';\nexport const x = reviewReceived;\n",
    ],
    [
      'a page builder writing Italian',
      'src/pages/example.page.ts',
      "import { t } from '../config/i18n.js';\nexport const x = t;\n",
    ],
    ['the config reading process.env', 'src/config/example.ts', 'export const port = process.env.PORT;\n'],
  ];

  for (const [name, filePath, code] of allowed) {
    it(`accepts ${name}`, async () => {
      expect(await problems(filePath, code)).to.deep.equal([]);
    });
  }
});
