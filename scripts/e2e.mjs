// Browser tests in Debian's Chromium (playwright-core). `--if-available` skips them, saying so, where
// Chromium is not installed (a fresh machine with only Node.js); CI installs it and runs them.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.argv.includes('--if-available')) {
    console.log(`\nBrowser tests skipped: ${chromium} not found (install it with: apt-get install -y chromium).\n`);
    process.exit(0);
  }
  console.error(`Chromium not found at ${chromium}: apt-get install -y chromium`);
  process.exit(1);
}
const result = spawnSync('npx', ['mocha', '--config', 'test/e2e/.mocharc.cjs'], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
