import { expect } from 'chai';
import pg from 'pg';
import {
  closedWithError,
  eventually,
  rawConnection,
  rawConnectionFrom,
  startServer,
  within,
  type TestServer,
  type WatchedSocket,
} from './helpers.js';

const LIMITS = { maxConnections: 4, maxHandshakes: 8, maxHandshakesPerPeer: 6, handshakeTimeoutMs: 60_000 };

/**
 * Any local process can open sockets to the port and never authenticate. They are counted apart from the
 * authenticated connections, and a new connection makes room by ending the oldest of them, so that they can
 * neither take a real client's place nor keep a new one out.
 */
describe('pg-embedded-server: connections that never authenticate', function () {
  this.timeout(30_000);
  let server: TestServer;
  const opened: WatchedSocket[] = [];
  const clients: pg.Client[] = [];

  beforeEach(async () => {
    server = await startServer({ idleTimeoutMs: 5000, limits: { ...LIMITS, refusalLogIntervalMs: 60_000 } });
  });

  afterEach(async () => {
    for (const conn of opened.splice(0)) conn.socket.destroy();
    await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
    await server.close();
  });

  async function idleSockets(count: number, from = '127.0.0.1'): Promise<WatchedSocket[]> {
    const sockets: WatchedSocket[] = [];
    for (let i = 0; i < count; i += 1) {
      const conn = from === '127.0.0.1' ? await rawConnection(server.port) : await rawConnectionFrom(server.port, from);
      sockets.push(conn);
      opened.push(conn);
    }
    return sockets;
  }

  async function client(connectionString = server.connectionString): Promise<pg.Client> {
    const c = new pg.Client({ connectionString });
    c.on('error', () => undefined);
    clients.push(c);
    await c.connect();
    return c;
  }

  const isOpen = (conn: WatchedSocket): boolean => !conn.socket.destroyed && conn.received().length === 0;

  it('lets a client connect and query at once while idle sockets hold every handshake place', async () => {
    const idle = await idleSockets(30);
    const c = await within(1500, client(), 'a real client connecting');
    const { rows } = await within(1500, c.query<{ ok: number }>('SELECT 1 AS ok'), 'its query');
    expect(rows).to.deep.equal([{ ok: 1 }]);
    // The oldest idle sockets made room, each told why.
    await closedWithError(idle[0]!, '53300');
    expect(idle.filter(isOpen).length).to.be.below(LIMITS.maxHandshakesPerPeer);
  });

  it('never gives an authenticated connection’s place to a socket that has not authenticated', async () => {
    await idleSockets(LIMITS.maxHandshakesPerPeer);
    const served = [];
    for (let i = 0; i < LIMITS.maxConnections; i += 1) served.push(await within(1500, client(), `client ${i}`));
    const answers = await Promise.all(served.map((c, i) => c.query<{ v: number }>('SELECT $1::int AS v', [i])));
    expect(answers.map((a) => a.rows[0]!.v)).to.deep.equal([0, 1, 2, 3]);
    // One more than the limit is refused after authenticating, as PostgreSQL refuses it.
    const err = await client().then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(err?.code).to.equal('53300');
    await served[0]!.end();
    const again = await within(1500, client(), 'a client after one left');
    expect((await again.query('SELECT 1 AS ok')).rows).to.deep.equal([{ ok: 1 }]);
  });

  it('ends the handshakes of the peer that floods, and keeps those of a quiet peer', async () => {
    const quiet = await idleSockets(3, '127.0.0.2');
    const flood = await idleSockets(20, '127.0.0.3');
    await eventually(async () => flood.filter(isOpen).length <= LIMITS.maxHandshakes - 3, 'the flood ended');
    expect(quiet.filter(isOpen)).to.have.length(3);
    // 6 of the flooding peer's own (its limit), less the one that made room for the quiet peer's 3 in the 8.
    expect(flood.filter(isOpen)).to.have.length(LIMITS.maxHandshakes - 3);
    expect(flood.slice(-(LIMITS.maxHandshakes - 3)).every(isOpen)).to.equal(true);
  });

  it('ends a handshake that does not finish in time', async () => {
    const quick = await startServer({ idleTimeoutMs: 5000, limits: { handshakeTimeoutMs: 200 } });
    try {
      const conn = await rawConnection(quick.port);
      await closedWithError(conn, '08P01', 3000);
      expect(conn.received().toString('latin1')).to.include('authentication not completed in time');
    } finally {
      await quick.close();
    }
  });

  it('logs its refusals as one line at once and one line per interval, however many there are', async () => {
    const idle = await idleSockets(100);
    await eventually(async () => idle.filter(isOpen).length <= LIMITS.maxHandshakesPerPeer, 'the idle ended');
    const wrong = new URL(server.connectionString);
    wrong.password = 'sbagliata';
    for (let i = 0; i < 20; i += 1) {
      const err = await client(wrong.toString()).then(
        () => null,
        (e: unknown) => e as { code?: string },
      );
      expect(err?.code).to.equal('28P01');
    }
    const refusals = () => server.logs.filter((l) => /refused/.test(l.message));
    expect(refusals().map((l) => l.message)).to.deep.equal(['connection refused']);
    await server.close();
    const [first, summary] = refusals();
    expect(first!.fields).to.include({ reason: 'too many connections waiting to authenticate', sqlstate: '53300' });
    expect(summary!.message).to.equal('connections refused');
    const counted = summary!.fields!.refused as Record<string, number>;
    expect(counted['authentication failed']).to.equal(20);
    expect(counted['too many connections waiting to authenticate']).to.be.at.least(100 - 6 - 1);
    expect(server.logs.filter((l) => l.level !== 'debug')).to.have.length(2);
  });
});
