import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from '../../../src/app.js';
import { resetDatabase, startTestDatabase, stopTestDatabase } from '../../helpers/db.js';

/**
 * The application in this process, on the in-memory test database, for browser tests that need data the
 * demo has not got (the e2e server's embedded database belongs to its own process). Tests fill it with
 * the factories of test/factories; the pages, scripts and styles are the built ones, as on the e2e server.
 */
export async function startInProcessApp(
  options: { failingPath?: string } = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const database = await startTestDatabase();
  await resetDatabase();
  const app = createApp({ sessionPool: database.sessionPool });
  if (options.failingPath) failAt(app, options.failingPath);
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

/**
 * A page that fails as an unforeseen bug would (so the "errore imprevisto" page can be checked in a
 * browser): the route is placed just before the route table, after the session and the page locals, and
 * the app's own error handler answers it.
 */
function failAt(app: Express, path: string): void {
  app.get(path, () => {
    throw new Error('deliberate failure: the error page is being checked');
  });
  const stack = (app as unknown as { router: { stack: { handle?: { stack?: unknown } }[] } }).router.stack;
  const failing = stack.pop()!;
  stack.splice(
    stack.findIndex((layer) => layer.handle?.stack !== undefined),
    0,
    failing,
  );
}
