import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/**
 * Who may talk to the single PGlite session. A connection takes it for a whole exchange — up to a Sync or
 * a simple Query — and keeps it while a transaction is open, so two clients' extended-protocol messages
 * never interleave and a transaction sees no one else's statements, as on a real server.
 */
class SessionLock {
  private owner: number | null = null;
  private readonly waiting: { id: number; grant: () => void }[] = [];

  acquire(id: number): Promise<void> {
    if (this.owner === id) return Promise.resolve();
    if (this.owner === null) {
      this.owner = id;
      return Promise.resolve();
    }
    return new Promise((grant) => this.waiting.push({ id, grant }));
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiting.shift();
    this.owner = next ? next.id : null;
    next?.grant();
  }

  /** A connection that goes away while waiting leaves the line. */
  leave(id: number): void {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index >= 0) this.waiting.splice(index, 1);
  }
}

/**
 * One client connection: splits the byte stream into protocol messages and runs them, in order, while it
 * holds the session. (@electric-sql/pglite-socket's multiplexer let other connections' messages slip between
 * a Parse and its Execute, and stopped for good after an exception: under concurrent requests the
 * application saw "portal does not exist" errors and lost sessions.)
 */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly queue: { bytes: Buffer; startup: boolean }[] = [];
  private started = false;
  private running = false;
  private holding = false;
  private closed = false;

  constructor(
    private readonly id: number,
    private readonly socket: Socket,
    private readonly pglite: PGlite,
    private readonly lock: SessionLock,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.split();
      void this.pump();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.closed = true;
      this.queue.length = 0;
      void this.finish();
    });
  }

  private split(): void {
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (length === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) {
          this.socket.write('N');
          this.buffer = this.buffer.subarray(8);
          continue;
        }
        if (length === 16 && code === CANCEL_REQUEST) {
          // There is no separate backend to interrupt: a cancel request is acknowledged by closing.
          this.socket.end();
          return;
        }
        if (code !== PROTOCOL_3 || this.buffer.length < length) return;
        this.queue.push({ bytes: this.buffer.subarray(0, length), startup: true });
        this.buffer = this.buffer.subarray(length);
        this.started = true;
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) return;
      this.queue.push({ bytes: this.buffer.subarray(0, length), startup: false });
      this.buffer = this.buffer.subarray(length);
    }
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length && !this.closed) {
        const message = this.queue.shift()!;
        const type = message.startup ? '' : String.fromCharCode(message.bytes[0]!);
        if (type === 'X') {
          this.socket.end();
          break;
        }
        if (!this.holding) {
          await this.lock.acquire(this.id);
          this.holding = true;
          if (this.closed) break;
        }
        await this.pglite.runExclusive(() =>
          this.pglite.execProtocolRawStream(new Uint8Array(message.bytes), {
            onRawData: (data) => {
              if (!this.closed && this.socket.writable) this.socket.write(data);
            },
          }),
        );
        // End of an exchange: the startup, a simple Query or a Sync. Keep the session while in a transaction.
        const exchangeEnds = message.startup || type === 'Q' || type === 'S';
        if (exchangeEnds && !this.pglite.isInTransaction()) this.releaseSession();
      }
    } catch {
      this.socket.destroy();
    } finally {
      this.running = false;
      if (this.closed) await this.finish();
      else if (this.queue.length) void this.pump();
    }
  }

  private releaseSession(): void {
    if (!this.holding) return;
    this.holding = false;
    this.lock.release(this.id);
  }

  /** After the socket closed: undo a transaction it left open, then let the next connection in. */
  private async finish(): Promise<void> {
    if (this.running) return;
    this.lock.leave(this.id);
    if (!this.holding) return;
    try {
      if (this.pglite.isInTransaction()) await this.pglite.exec('ROLLBACK');
    } finally {
      this.releaseSession();
    }
  }
}

export interface EmbeddedServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a PGlite instance over the PostgreSQL wire protocol on a loopback port (0 = any free port). */
export async function serveEmbedded(pglite: PGlite, port = 0): Promise<EmbeddedServer> {
  const lock = new SessionLock();
  const sockets = new Set<Socket>();
  let nextId = 1;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(nextId++, socket, pglite, lock);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
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
