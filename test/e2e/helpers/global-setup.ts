import { startServer, type RunningServer } from './server.js';
import { closeBrowser, launchBrowser } from './browser.js';

let server: RunningServer | null = null;

export function baseUrl(): string {
  if (!server) throw new Error('server not started');
  return server.baseUrl;
}

/** The running server's DATA_DIR (its outbox of .eml files lives in <dataDir>/outbox). */
export function serverDataDir(): string {
  if (!server) throw new Error('server not started');
  return server.dataDir;
}

export async function mochaGlobalSetup(): Promise<void> {
  console.log(`  mocha on Node.js ${process.version}; the app under test runs on the same`);
  server = await startServer();
  await launchBrowser();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await closeBrowser();
  await server?.stop();
}
