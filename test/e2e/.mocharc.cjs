// Browser tests: one real server (built from dist/) and one Chromium for the whole run.
module.exports = {
  'node-option': ['import=tsx', 'no-warnings=ExperimentalWarning'],
  require: ['test/e2e/helpers/global-setup.ts'],
  spec: ['test/e2e/**/*.e2e.ts'],
  timeout: 60000,
  slow: 5000,
  reporter: 'spec',
  exit: true,
};
