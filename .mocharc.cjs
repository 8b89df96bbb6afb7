// Unit and integration tests (the browser tests have their own runner: scripts/e2e.mjs).
module.exports = {
  'node-option': ['import=tsx', 'no-warnings=ExperimentalWarning'],
  require: ['test/helpers/global-setup.ts'],
  spec: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
  timeout: 30000,
  slow: 1000,
  reporter: 'dot',
  exit: true,
};
