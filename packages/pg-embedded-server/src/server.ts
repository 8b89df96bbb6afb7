import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { Admission, DEFAULT_LIMITS, type Limits } from './admission.js';
import { scramVerifier } from './auth.js';
import { ClientConnection, type ServerContext } from './client-connection.js';
import { errorFields, RefusalLog, silent, type Log } from './log.js';
import { SessionLender } from './session-lender.js';

export interface ServeOptions {
  /** The one user name accepted. */
  user: string;
  /** Checked with SCRAM-SHA-256; only its derived keys are kept. */
  password: string;
  /** A connection holding the session this long without sending anything (in a transaction or an exchange) is ended. */
  idleTimeoutMs: number;
  /** 0: any free port. */
  port?: number;
  /** Where the server reports refused and failed connections (by default, nowhere). */
  log?: Log;
  /** Connection limits; each one left out keeps its default (DEFAULT_LIMITS). */
  limits?: Partial<Limits>;
}

export interface EmbeddedServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a PGlite instance over the PostgreSQL wire protocol on a loopback port. (@electric-sql/pglite-socket's
 * multiplexer let other connections' messages slip between a Parse and its Execute, and stopped for good
 * after an exception: under concurrent requests clients saw "portal does not exist" errors.)
 */
export async function serveEmbedded(pglite: PGlite, options: ServeOptions): Promise<EmbeddedServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`serveEmbedded: limits.${name} must be a positive integer`);
  }
  const log = options.log ?? silent;
  const refusals = new RefusalLog(log, limits.refusalLogIntervalMs);
  let closing = false;
  const context: ServerContext = {
    pglite,
    lender: new SessionLender(),
    admission: new Admission(limits),
    refusals,
    log,
    user: options.user,
    verifier: scramVerifier(options.password),
    idleTimeoutMs: options.idleTimeoutMs,
    handshakeTimeoutMs: limits.handshakeTimeoutMs,
    closing: () => closing,
  };
  const sockets = new Set<Socket>();
  const connections = new Set<ClientConnection>();
  let nextId = 1;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const connection = new ClientConnection(nextId++, socket, context);
    connections.add(connection);
    void connection.ended.then(() => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', (err) => log('error', 'server error', errorFields(err)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('pg-embedded-server: no TCP address');
  return {
    host: '127.0.0.1',
    port: address.port,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      // Each connection rolls back what it left open before PGlite may be closed.
      await Promise.all([...connections].map((c) => c.ended));
      refusals.flush();
    },
  };
}
