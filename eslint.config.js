// The house rules a tool can check. The layers are import rules, so breaking one fails
// `npm run lint`, which the README's test command and .ci/run both run:
//   models      → db, lib, types (and other models)
//   services    → never controllers, pages, express or the translator (they return codes); of src/db only
//                 `transaction` and `Trx`, and no query builders
//   jobs        → the job runner (queue, presence, periodic tasks): like services, never controllers, pages or express
//   documents   → emails, notifications, the attestato PDF: written from the data they are handed, never querying
//   pages       → never models, db or knex
//   routes      → controllers, middleware and lib only: one line a route, its guards and rate rules
//   controllers → never models, db or knex: they call services and page builders
//   lib         → pure: no node modules, no other layer (islands bundle it for the browser)
//   islands     → only pure src/lib modules and src/types
// and: only src/config reads process.env; only src/models (with migrations, seeds and src/db) build SQL;
// a package under packages/ imports only its own files and npm packages, never the app.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import packageBoundary from './scripts/lint-package-boundary.js';

const KNEX_IMPORT = { name: 'knex', message: 'SQL lives in src/models.' };
const PG_IMPORT = { name: 'pg', message: 'The database driver is used by src/db and src/models only.' };
const layer = (group, message) => ({ group, message });
/**
 * Services and the job runner start transactions (`transaction`, `Trx`) and take nothing else of src/db:
 * the Knex instance and the statement helpers (prepared, compiledOnce, statementName) are the repositories'.
 */
const DB_STATEMENTS = {
  group: ['**/db/knex.js'],
  allowImportNames: ['transaction', 'Trx'],
  message:
    'Only src/models builds and sends statements: take `transaction` and `Trx` from src/db/knex.ts, and call a repo function.',
};
const TO_MODELS = layer(['**/models/**'], 'Call a service: only services read repos.');
// The read replica's state and routing (src/db/replica.ts) are a service's to use (services/read-routing.service.ts).
const TO_DB = layer(
  ['**/db/*', '!**/db/knex.js', '!**/db/replica.js'],
  'Database plumbing belongs to src/db and the boot code.',
);
const TO_CONTROLLERS = layer(['**/controllers/**'], 'Controllers are the outermost layer: nothing imports them.');
const TO_PAGES = layer(['**/pages/**'], 'Page builders are called by controllers only.');
const TO_SERVICES = layer(['**/services/**'], 'This layer sits below the services.');
const TO_MIDDLEWARE = layer(['**/middleware/**'], 'This layer sits below the middleware.');
const TO_CONFIG = layer(['**/config/**'], 'This layer must stay free of configuration and I/O.');
const TO_VALIDATORS = layer(['**/validators/**'], 'This layer sits below the validators.');
const TO_TRANSLATOR = layer(
  ['**/config/i18n.js'],
  'Services return codes; page builders and email templates write Italian.',
);
/** SQL text outside the repositories: a string or template that starts like a statement. */
const SQL_TEXT = {
  selector: 'Literal[value=/^\\s*(SELECT|INSERT INTO|UPDATE \\w+ SET|DELETE FROM|WITH \\w+ AS)\\b/i]',
  message: 'SQL lives in src/models.',
};
const SQL_TEMPLATE = {
  selector: 'TemplateElement[value.raw=/^\\s*(SELECT|INSERT INTO|UPDATE \\w+ SET|DELETE FROM|WITH \\w+ AS)\\b/i]',
  message: 'SQL lives in src/models.',
};
/**
 * A statement not yet sent (a repository's `…Query` builder, or one compiled to text) is the repository's to
 * combine and send: a service passes data to the repo function that does.
 */
const UNSENT_QUERY = {
  selector: 'CallExpression[callee.name=/Query$/], CallExpression[callee.property.name=/(Query|^toSQL|^toNative)$/]',
  message: 'Services pass data, never query builders: call the repo function that builds and sends the statement.',
};
/** A transaction handed to a service is passed on to repos, never queried directly. */
const TRX_QUERY = {
  selector:
    "CallExpression[callee.type='Identifier'][callee.name='trx'], MemberExpression[object.name='trx'][property.name=/^(raw|select|insert|update|del|delete|where|from|join|count)$/]",
  message: 'Pass the transaction to a repo function instead of querying it here.',
};

/** What a service (and the job runner, which runs services) never imports. */
const BELOW_CONTROLLERS = [DB_STATEMENTS, TO_CONTROLLERS, TO_PAGES, TO_MIDDLEWARE, TO_DB];
const SERVICE_LAYERS = [...BELOW_CONTROLLERS, layer(['express'], 'Services take plain objects, never req/res.')];

const restricted = (...patterns) => ['error', { paths: [KNEX_IMPORT, PG_IMPORT], patterns }];

export default tseslint.config(
  { ignores: ['dist/**', 'public/build/**', 'node_modules/**', 'var/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
      // Module augmentation (Express.Request, multer's File) needs these two forms.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  // Only src/config reads the environment (config/env.ts validates it once at boot); packages take options.
  {
    files: ['src/**/*.ts', 'islands/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config() (src/config/env.ts).' },
      ],
    },
  },
  // SQL text and queries on a transaction only in the repositories, migrations, seeds and the database plumbing.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/models/**', 'src/db/**'],
    rules: { 'no-restricted-syntax': ['error', SQL_TEXT, SQL_TEMPLATE, TRX_QUERY] },
  },
  {
    files: ['src/models/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            TO_SERVICES,
            TO_CONTROLLERS,
            TO_PAGES,
            TO_MIDDLEWARE,
            TO_VALIDATORS,
            layer(['**/config/*', '!**/config/logger.js'], 'Repos take plain arguments, not configuration.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/services/**/*.ts', 'src/jobs/**/*.ts'],
    ignores: ['src/jobs/main.ts'],
    rules: { 'no-restricted-syntax': ['error', SQL_TEXT, SQL_TEMPLATE, TRX_QUERY, UNSENT_QUERY] },
  },
  {
    files: ['src/services/**/*.ts'],
    rules: { 'no-restricted-imports': restricted(...SERVICE_LAYERS, TO_TRANSLATOR) },
  },
  // The job runner runs services and reads the queue's repos; its process entry (main.ts) opens the database.
  {
    files: ['src/jobs/**/*.ts'],
    ignores: ['src/jobs/main.ts'],
    rules: {
      'no-restricted-imports': restricted(
        ...BELOW_CONTROLLERS,
        TO_TRANSLATOR,
        layer(['express'], 'The job runner works without requests.'),
      ),
    },
  },
  { files: ['src/jobs/main.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [TO_TRANSLATOR] }] } },
  // The documents write the words the app sends and stores (emails, notifications, the attestato PDF) from
  // the data a service hands them: they read types of the models and services, never the database.
  {
    files: ['src/documents/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(['**/db/**'], 'A document is written from the data it is handed: it never queries.'),
        { ...TO_MODELS, allowTypeImports: true, message: 'A document is written from the data it is handed.' },
        { ...TO_SERVICES, allowTypeImports: true, message: 'Services call documents, not the other way round.' },
        ...[TO_CONTROLLERS, TO_PAGES, TO_MIDDLEWARE, TO_VALIDATORS],
        layer(['express'], 'A document is written without a request.'),
      ),
    },
  },
  // Page builders take the services' result types, but never call a service: they shape what they are given.
  {
    files: ['src/pages/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(['**/db/**'], 'Page builders shape data they are given; they never query.'),
        TO_MODELS,
        {
          ...TO_SERVICES,
          allowTypeImports: true,
          message: 'Page builders never call services: the controller passes their results in.',
        },
        TO_CONTROLLERS,
        TO_MIDDLEWARE,
        layer(['express'], 'Page builders return plain view models.'),
      ),
    },
  },
  {
    files: ['src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(['**/db/**'], 'The route table names controllers and their guards only.'),
        TO_MODELS,
        TO_SERVICES,
        TO_PAGES,
      ),
    },
  },
  {
    files: ['src/controllers/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(['**/db/**'], 'Controllers call services, which own transactions.'),
        TO_MODELS,
      ),
    },
  },
  {
    files: ['src/validators/**/*.ts'],
    // Search turns control characters into spaces instead (lib/plain-text.ts), so it keeps the plain joi.
    ignores: ['src/validators/fields.ts', 'src/validators/search.validator.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            KNEX_IMPORT,
            PG_IMPORT,
            {
              name: 'joi',
              allowTypeImports: true,
              message: 'Import { Joi } from validators/fields.ts: its strings refuse control characters.',
            },
          ],
          patterns: [
            layer(['**/db/**'], 'Validators check shapes; services check the database.'),
            TO_CONTROLLERS,
            TO_PAGES,
            TO_MIDDLEWARE,
          ],
        },
      ],
    },
  },
  {
    files: ['src/validators/fields.ts', 'src/validators/search.validator.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(['**/db/**'], 'Validators check shapes; services check the database.'),
        TO_CONTROLLERS,
        TO_PAGES,
        TO_MIDDLEWARE,
      ),
    },
  },
  {
    files: ['src/middleware/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(['**/db/**'], 'Middleware calls services.'),
        TO_MODELS,
        TO_CONTROLLERS,
        TO_PAGES,
      ),
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        layer(
          ['node:*', 'fs', 'path', 'crypto', 'express', 'joi'],
          'src/lib is pure: the islands bundle it for the browser.',
        ),
        TO_CONFIG,
        TO_MODELS,
        TO_DB,
        TO_SERVICES,
        TO_CONTROLLERS,
        TO_PAGES,
        TO_MIDDLEWARE,
        TO_VALIDATORS,
      ),
    },
  },
  {
    files: ['islands/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The browser's console is where an island reports a failed request; the server logs through its logger.
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-imports': restricted(
        { regex: '^(\\.\\./)+src/(?!lib/|types/)', message: 'Islands import only pure src/lib modules and types.' },
        layer(['node:*'], 'Islands run in the browser.'),
      ),
    },
  },
  {
    files: ['packages/**/*.{ts,js,mjs,cjs}'],
    plugins: { packages: { rules: { boundary: packageBoundary } } },
    rules: { 'packages/boundary': 'error' },
  },
  {
    files: ['test/**/*.ts', 'packages/*/test/**/*.ts', 'scripts/**/*.{js,mjs}', 'seeds/**/*.ts', 'migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
