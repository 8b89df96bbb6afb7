import { expect } from 'chai';
import pg from 'pg';
import {
  startServer,
  type TestServer,
  authenticatedConnection,
  cstring,
  delay,
  message,
  preStartup,
  prng,
  randomBytesFrom,
  rawConnection,
  startupPacket,
  within,
  type WatchedSocket,
} from './helpers.js';

const SEED = 20261124;
const DURATION_MS = 4000;
const MAX_PACKETS = 4000;
const IDLE_TIMEOUT_MS = 300;

const int16 = (n: number): Buffer => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n | 0);
  return b;
};

/** Valid packets of every kind a client sends: the fuzzer mutates them. */
const VALID_STARTUP = [
  startupPacket({ user: 'postgres', database: 'postgres' }),
  preStartup(8, 80877103),
  Buffer.concat([preStartup(16, 80877102), Buffer.alloc(8)]),
];
const VALID_MESSAGES = [
  message('Q', cstring('SELECT 1')),
  message('Q', cstring('BEGIN')),
  message('P', Buffer.concat([cstring(''), cstring('SELECT $1::int'), int16(1), int32(23)])),
  message('B', Buffer.concat([cstring(''), cstring(''), int16(0), int16(1), int32(1), Buffer.from('7'), int16(0)])),
  message('D', Buffer.concat([Buffer.from('P'), cstring('')])),
  message('E', Buffer.concat([cstring(''), int32(0)])),
  message('C', Buffer.concat([Buffer.from('S'), cstring('')])),
  message('S'),
  message('H'),
  message('p', Buffer.concat([cstring('SCRAM-SHA-256'), int32(4), Buffer.from('n,,x')])),
  message('d', Buffer.from('1\n')),
  message('c'),
  message('f', cstring('no')),
];

function mutate(random: () => number, packet: Buffer): Buffer {
  const bytes = Buffer.from(packet);
  switch (Math.floor(random() * 7)) {
    case 0: // a random byte flipped
      bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      return bytes;
    case 1: {
      // a hostile length: -1, 0, 4, huge or off by a little
      const lengths = [-1, 0, 1, 4, 7, 0x7fffffff, 0x40000000, bytes.length + 1, bytes.length - 2];
      const offset = bytes[0]! === 0 || packet === VALID_STARTUP[1] ? 0 : 1;
      if (bytes.length >= offset + 4) bytes.writeInt32BE(lengths[Math.floor(random() * lengths.length)]!, offset);
      return bytes;
    }
    case 2: // truncated
      return bytes.subarray(0, Math.floor(random() * bytes.length));
    case 3: // random bytes appended
      return Buffer.concat([bytes, randomBytesFrom(random, Math.floor(random() * 64))]);
    case 4: // an unknown type
      bytes[0] = Math.floor(random() * 256);
      return bytes;
    case 5: // plain random bytes
      return randomBytesFrom(random, 1 + Math.floor(random() * 128));
    default: // unchanged: valid messages in an unexpected order
      return bytes;
  }
}

/**
 * Several sockets send random and mutated valid packets, before and after authentication, for a bounded
 * time, while a real client keeps querying: every query is answered promptly and memory stays bounded.
 */
describe('pg-embedded-server under a protocol fuzzer', function () {
  this.timeout(60_000);
  let embedded: TestServer;
  let pool: pg.Pool;

  before(async () => {
    embedded = await startServer({ idleTimeoutMs: IDLE_TIMEOUT_MS });
    pool = new pg.Pool({ connectionString: embedded.connectionString, max: 2 });
    await pool.query('SELECT 1');
  });

  after(async () => {
    await pool?.end();
    await embedded?.close();
  });

  it(`keeps answering a real client (seed ${SEED})`, async () => {
    const random = prng(SEED);
    const port = embedded.port;
    const deadline = Date.now() + DURATION_MS;
    const rssBefore = process.memoryUsage().rss;
    let sent = 0;
    let rssPeak = rssBefore;

    async function fuzzer(authenticated: boolean): Promise<void> {
      let conn: WatchedSocket | null = null;
      let open = false;
      while (Date.now() < deadline && sent < MAX_PACKETS) {
        if (!conn || !open) {
          conn = authenticated ? await authenticatedConnection(embedded.connectionString) : await rawConnection(port);
          open = true;
          void conn.closed.then(() => (open = false));
        }
        const pool = authenticated || random() < 0.2 ? VALID_MESSAGES : VALID_STARTUP;
        const burst = 1 + Math.floor(random() * 4);
        for (let i = 0; i < burst && open; i += 1) {
          conn.socket.write(mutate(random, pool[Math.floor(random() * pool.length)]!));
          sent += 1;
        }
        await delay(Math.floor(random() * 30));
        if (random() < 0.05) conn.socket.destroy();
      }
      conn?.socket.destroy();
    }

    async function realClient(): Promise<number> {
      let slowest = 0;
      let answered = 0;
      while (Date.now() < deadline) {
        const started = Date.now();
        const { rows } = await within(
          3000,
          pool.query<{ v: number }>('SELECT $1::int AS v', [answered]),
          'a real client’s query',
        );
        expect(rows[0]!.v).to.equal(answered);
        answered += 1;
        slowest = Math.max(slowest, Date.now() - started);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        await delay(50);
      }
      expect(answered).to.be.above(5);
      return slowest;
    }

    const [slowest] = await Promise.all([
      realClient(),
      fuzzer(false),
      fuzzer(false),
      fuzzer(false),
      fuzzer(true),
      fuzzer(true),
      fuzzer(true),
    ]);
    expect(sent).to.be.above(100);
    expect(slowest, 'slowest answer (ms)').to.be.below(3000);
    expect((rssPeak - rssBefore) / 2 ** 20, 'memory growth (MiB)').to.be.below(300);
    await within(3000, pool.query('SELECT 1'), 'a query after the fuzzing');
  });
});
