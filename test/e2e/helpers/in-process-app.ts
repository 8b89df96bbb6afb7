import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../../src/app.js';
import { resetDatabase, startTestDatabase, stopTestDatabase } from '../../helpers/db.js';

/**
 * The application in this process, on the in-memory test database, for browser tests that need data the
 * demo has not got (the e2e server's embedded database belongs to its own process). Tests fill it with
 * the factories of test/factories; the pages, scripts and styles are the built ones, as on the e2e server.
 */
export async function startInProcessApp(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const database = await startTestDatabase();
  await resetDatabase();
  const app = createApp({ sessionPool: database.sessionPool });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopTestDatabase();
    },
  };
}
