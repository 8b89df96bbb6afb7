// Browser tests: one real server (built from dist/) and one Chromium for the whole run.
// `npx mocha --config test/e2e/.mocharc.cjs test/e2e/x.e2e.ts` runs only the files named.
const namedFiles = process.argv.slice(2).some((arg) => /\.e2e\.ts$/.test(arg));

module.exports = {
  'node-option': ['import=tsx', 'no-warnings=ExperimentalWarning'],
  require: ['test/e2e/helpers/global-setup.ts'],
  spec: namedFiles ? [] : ['test/e2e/**/*.e2e.ts'],
  timeout: 60000,
  slow: 5000,
  reporter: 'spec',
  exit: true,
};
