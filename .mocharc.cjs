// Unit and integration tests (the browser tests have their own runner: scripts/e2e.mjs).
// `npx mocha` runs them all; `npx mocha test/integration/x.test.ts` runs only the files named.
const namedFiles = process.argv.slice(2).some((arg) => /\.test\.ts$/.test(arg));

module.exports = {
  'node-option': ['import=tsx', 'no-warnings=ExperimentalWarning'],
  require: ['test/helpers/global-setup.ts'],
  spec: namedFiles ? [] : ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
  timeout: 30000,
  slow: 1000,
  reporter: 'dot',
  exit: true,
};
