import { clearPageCache } from '../../src/services/page-cache.service.js';
import { startTestDatabase, stopTestDatabase } from './db.js';

// Mocha global fixtures: the database starts once per run, not once per file.
export async function mochaGlobalSetup(): Promise<void> {
  await startTestDatabase();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopTestDatabase();
}

// Root hooks: every test starts with an empty page cache, so that a page kept under another test's
// configuration (a map tile address, a setting) is never served to it. The cache's own tests check that
// changes to the data end its entries.
export const mochaHooks = {
  beforeEach(): void {
    clearPageCache();
  },
};
