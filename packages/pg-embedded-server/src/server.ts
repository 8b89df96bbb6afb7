import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { scramVerifier } from './auth.js';
import { ClientConnection } from './client-connection.js';
import { errorFields, silent, type Log } from './log.js';
import { fatalError } from './messages.js';
import { SessionLender } from './session-lender.js';

/** An application opens a handful (a pool or two and the odd command); more is someone else. */
const MAX_CONNECTIONS = 64;

export interface ServeOptions {
  /** The one user name accepted. */
  user: string;
  /** Checked with SCRAM-SHA-256; only its derived keys are kept. */
  password: string;
  idleTimeoutMs: number;
  /** 0: any free port. */
  port?: number;
  /** Where the server reports refused and failed connections (by default, nowhere). */
  log?: Log;
}

export interface EmbeddedServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a PGlite instance over the PostgreSQL wire protocol on a loopback port. (@electric-sql/pglite-socket's
 * multiplexer let other connections' messages slip between a Parse and its Execute, and stopped for good
 * after an exception: under concurrent requests the application saw "portal does not exist" errors.)
 */
export async function serveEmbedded(pglite: PGlite, options: ServeOptions): Promise<EmbeddedServer> {
  const lender = new SessionLender();
  const verifier = scramVerifier(options.password);
  const log = options.log ?? silent;
  const connectionOptions = { user: options.user, verifier, idleTimeoutMs: options.idleTimeoutMs, log };
  const sockets = new Set<Socket>();
  let nextId = 1;
  const server: Server = createServer((socket) => {
    if (sockets.size >= MAX_CONNECTIONS) {
      log('warn', 'too many connections', { max: MAX_CONNECTIONS });
      socket.on('error', () => socket.destroy());
      socket.end(fatalError('53300', 'sorry, too many clients already'));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new ClientConnection(nextId++, socket, pglite, lender, connectionOptions);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', (err) => log('error', 'server error', errorFields(err)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('embedded database: no TCP address');
  return {
    host: '127.0.0.1',
    port: address.port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
