import { startTestDatabase, stopTestDatabase } from './db.js';

// Mocha global fixtures: the database starts once per run, not once per file.
export async function mochaGlobalSetup(): Promise<void> {
  await startTestDatabase();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopTestDatabase();
}
