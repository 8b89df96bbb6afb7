// The package's own tests (`npm test` here). The application's `npx mocha` runs them too.
const namedFiles = process.argv.slice(2).some((arg) => /\.test\.ts$/.test(arg));

module.exports = {
  'node-option': ['import=tsx', 'no-warnings=ExperimentalWarning'],
  spec: namedFiles ? [] : ['test/**/*.test.ts'],
  timeout: 30000,
  slow: 1000,
  reporter: 'dot',
  exit: true,
};
