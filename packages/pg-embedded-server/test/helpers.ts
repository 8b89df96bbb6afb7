import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serveEmbedded, type ServeOptions } from '../src/index.js';

export interface LogLine {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

export interface TestServer {
  connectionString: string;
  port: number;
  /** Every line the server logged, in order. */
  logs: LogLine[];
  close(): Promise<void>;
}

/** A fresh in-memory PGlite served on a free loopback port, with a password of its own. */
export async function startServer(options: Omit<ServeOptions, 'user' | 'password' | 'log'>): Promise<TestServer> {
  // V8's collection of dead WebAssembly code can abort a process running PGlite on Node.js 24 ("Check failed:
  // jit_page_->allocations_.erase(addr) == 1"): the tests keep that code, as an application should.
  v8.setFlagsFromString('--no-wasm-code-gc');
  const pglite = await PGlite.create();
  const password = randomBytes(16).toString('base64url');
  const logs: LogLine[] = [];
  let closed: Promise<void> | null = null;
  const server = await serveEmbedded(pglite, {
    ...options,
    user: 'postgres',
    password,
    log: (level, message, fields) => logs.push({ level, message, fields }),
  });
  return {
    connectionString: `postgres://postgres:${password}@${server.host}:${server.port}/postgres?sslmode=disable`,
    port: server.port,
    logs,
    close: async () => {
      closed ??= server.close().then(() => pglite.close());
      await closed;
    },
  };
}

/** A socket whose received bytes and closing the tests observe. */
export interface WatchedSocket {
  socket: Socket;
  received(): Buffer;
  /** Resolves when the socket has closed, whoever closed it. */
  closed: Promise<void>;
}

export function watch(socket: Socket): WatchedSocket {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => Buffer.concat(chunks), closed };
}

/** A bare TCP connection to the server: nothing sent yet, not authenticated. */
export async function rawConnection(port: number): Promise<WatchedSocket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.setNoDelay(true);
  return watch(socket);
}

/** A connection authenticated by a real `pg` client, whose socket the test then writes to directly. */
export async function authenticatedConnection(
  connectionString: string,
): Promise<WatchedSocket & { client: pg.Client }> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  return { ...watch(socket), client };
}

/** A frontend message: type byte, then an Int32 length that counts itself and the body. */
export function message(type: string, body: Buffer = Buffer.alloc(0), length = body.length + 4): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(length, 1);
  return Buffer.concat([header, body]);
}

export function cstring(text: string): Buffer {
  return Buffer.from(`${text}\0`, 'utf8');
}

/** A startup packet (protocol 3.0) with the given parameters. */
export function startupPacket(params: Record<string, string>): Buffer {
  const pairs = Object.entries(params).flatMap(([k, v]) => [cstring(k), cstring(v)]);
  const body = Buffer.concat([Buffer.from([0, 3, 0, 0]), ...pairs, Buffer.from([0])]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([length, body]);
}

/** A packet of eight bytes before the startup: a length and a request code. */
export function preStartup(length: number, code: number): Buffer {
  const packet = Buffer.alloc(8);
  packet.writeInt32BE(length, 0);
  packet.writeInt32BE(code, 4);
  return packet;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Rejects when `promise` has not settled within `ms`. */
export async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The server closed the connection after an ErrorResponse carrying this SQLSTATE. */
export async function closedWithError(conn: WatchedSocket, sqlstate: string, ms = 2000): Promise<void> {
  await within(ms, conn.closed, 'the server closing the connection');
  const bytes = conn.received();
  if (!bytes.includes(Buffer.from(`C${sqlstate}\0`, 'latin1'))) {
    throw new Error(`expected an ErrorResponse ${sqlstate}, received ${JSON.stringify(bytes.toString('latin1'))}`);
  }
}

/** Deterministic pseudo-random numbers (mulberry32): a failing run can be replayed with its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytesFrom(random: () => number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** A connection authenticated by `pg`, then handed over whole to the test: the client no longer reads it. */
export async function takenOverConnection(connectionString: string): Promise<WatchedSocket & { client: pg.Client }> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  socket.removeAllListeners('data');
  return { ...watch(socket), client };
}

/** A bare TCP connection from the given loopback address (127.0.0.2 is another peer than 127.0.0.1). */
export async function rawConnectionFrom(port: number, localAddress: string): Promise<WatchedSocket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return watch(socket);
}

const int16 = (n: number): Buffer => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** Extended-protocol messages, as a client sends them (text parameters and results). */
export const frontend = {
  parse: (name: string, text: string) => message('P', Buffer.concat([cstring(name), cstring(text), int16(0)])),
  bind: (portal: string, statement: string, params: string[] = []) =>
    message(
      'B',
      Buffer.concat([
        cstring(portal),
        cstring(statement),
        int16(0),
        int16(params.length),
        ...params.flatMap((p) => [int32(Buffer.byteLength(p)), Buffer.from(p)]),
        int16(0),
      ]),
    ),
  execute: (portal: string) => message('E', Buffer.concat([cstring(portal), int32(0)])),
  close: (kind: 'S' | 'P', name: string) => message('C', Buffer.concat([Buffer.from(kind), cstring(name)])),
  sync: () => message('S'),
};

export interface BackendMessage {
  type: string;
  body: Buffer;
}

/** The complete backend messages in what a connection received. */
export function backendMessages(bytes: Buffer): BackendMessage[] {
  const messages: BackendMessage[] = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const length = bytes.readInt32BE(at + 1);
    if (at + 1 + length > bytes.length) break;
    messages.push({ type: String.fromCharCode(bytes[at]!), body: bytes.subarray(at + 5, at + 1 + length) });
    at += 1 + length;
  }
  return messages;
}

/** Waits until the connection has received `count` ReadyForQuery messages in all, and returns its messages. */
export async function untilReady(conn: WatchedSocket, count: number, ms = 3000): Promise<BackendMessage[]> {
  let messages: BackendMessage[] = [];
  await eventually(
    async () => {
      messages = backendMessages(conn.received());
      return messages.filter((m) => m.type === 'Z').length >= count;
    },
    `ReadyForQuery #${count}`,
    ms,
  );
  return messages;
}

/** The first column of each DataRow, as text. */
export function firstColumns(messages: BackendMessage[]): string[] {
  return messages.filter((m) => m.type === 'D').map((m) => m.body.toString('utf8', 6, 6 + m.body.readInt32BE(2)));
}

/** The SQLSTATE of each ErrorResponse. */
export function errorCodes(messages: BackendMessage[]): string[] {
  return messages
    .filter((m) => m.type === 'E')
    .map((m) => /(?:^|\0)C([0-9A-Z]{5})\0/.exec(m.body.toString('latin1'))?.[1] ?? '?');
}

/** Resolves once `check` holds, checking again every few milliseconds; rejects after `ms`. */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await delay(20);
  }
}
