import { expect } from 'chai';
import pg from 'pg';
import {
  errorCodes,
  eventually,
  firstColumns,
  frontend as f,
  startServer,
  takenOverConnection,
  untilReady,
  type TestServer,
  type WatchedSocket,
} from './helpers.js';

/**
 * On a PostgreSQL server each connection is a session with its own prepared statements and portals. Here all
 * connections share PGlite's one session, so the server gives each connection a namespace of its own: these
 * tests hold it to PostgreSQL's behaviour.
 */
describe('pg-embedded-server: named prepared statements, one namespace per connection', function () {
  this.timeout(30_000);
  let server: TestServer;
  let pool: pg.Pool;
  const opened: WatchedSocket[] = [];

  before(async () => {
    server = await startServer({ idleTimeoutMs: 5000 });
    pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
  });

  afterEach(() => {
    for (const conn of opened.splice(0)) conn.socket.destroy();
  });

  after(async () => {
    await pool?.end();
    await server?.close();
  });

  async function raw(): Promise<WatchedSocket> {
    const conn = await takenOverConnection(server.connectionString);
    opened.push(conn);
    return conn;
  }

  async function client(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: server.connectionString });
    await c.connect();
    return c;
  }

  /** Statements prepared in the session by every connection. */
  async function preparedCount(): Promise<number> {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    return rows[0]!.n;
  }

  it('lets two connections prepare the same name with different texts, each running its own', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    try {
      for (let i = 0; i < 3; i += 1) {
        const [fromA, fromB] = await Promise.all([
          a.query({ name: 'same', text: 'SELECT $1::int + 1 AS v', values: [i] }),
          b.query({ name: 'same', text: "SELECT $1::text || '!' AS v", values: [String(i)] }),
        ]);
        expect(fromA.rows).to.deep.equal([{ v: i + 1 }]);
        expect(fromB.rows).to.deep.equal([{ v: `${i}!` }]);
      }
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('refuses a name prepared twice on one connection with 42P05, as PostgreSQL does', async () => {
    const conn = await raw();
    conn.socket.write(Buffer.concat([f.parse('twice', 'SELECT 1'), f.sync()]));
    conn.socket.write(Buffer.concat([f.parse('twice', 'SELECT 2'), f.sync()]));
    const messages = await untilReady(conn, 2);
    expect(messages.map((m) => m.type).join('')).to.equal('1ZEZ');
    expect(errorCodes(messages)).to.deep.equal(['42P05']);
  });

  it('never lets a connection run or close the statement of another', async () => {
    const [owner, other] = await Promise.all([raw(), raw()]);
    owner.socket.write(Buffer.concat([f.parse('mine', 'SELECT 42'), f.sync()]));
    await untilReady(owner, 1);
    other.socket.write(Buffer.concat([f.bind('', 'mine'), f.execute(''), f.sync()]));
    other.socket.write(Buffer.concat([f.close('S', 'mine'), f.sync()]));
    const seen = await untilReady(other, 2);
    // 26000: prepared statement does not exist. Closing a name one does not have is no error (CloseComplete).
    expect(errorCodes(seen)).to.deep.equal(['26000']);
    expect(seen.map((m) => m.type).join('')).to.equal('EZ3Z');
    owner.socket.write(Buffer.concat([f.bind('', 'mine'), f.execute(''), f.sync()]));
    expect(firstColumns(await untilReady(owner, 2))).to.deep.equal(['42']);
  });

  it('runs interleaved Parse, Bind and Execute of two connections, each on its own statement and portal', async () => {
    const [a, b] = await Promise.all([raw(), raw()]);
    a.socket.write(f.parse('s', 'SELECT $1::int * 2 AS v'));
    b.socket.write(f.parse('s', "SELECT 'b' || $1::text AS v"));
    a.socket.write(f.sync());
    b.socket.write(f.sync());
    await Promise.all([untilReady(a, 1), untilReady(b, 1)]);
    a.socket.write(f.bind('p', 's', ['21']));
    b.socket.write(f.bind('p', 's', ['ravo']));
    a.socket.write(f.execute('p'));
    b.socket.write(f.execute('p'));
    a.socket.write(Buffer.concat([f.close('P', 'p'), f.sync()]));
    b.socket.write(f.sync());
    const [fromA, fromB] = await Promise.all([untilReady(a, 2), untilReady(b, 2)]);
    expect(firstColumns(fromA)).to.deep.equal(['42']);
    expect(firstColumns(fromB)).to.deep.equal(['bravo']);
    expect(errorCodes([...fromA, ...fromB])).to.deep.equal([]);
  });

  it('counts only the first 63 bytes of a name, as PostgreSQL does', async () => {
    const conn = await raw();
    const long = 'x'.repeat(63);
    conn.socket.write(Buffer.concat([f.parse(`${long}a`, 'SELECT 7'), f.sync()]));
    conn.socket.write(Buffer.concat([f.parse(`${long}b`, 'SELECT 8'), f.sync()]));
    conn.socket.write(Buffer.concat([f.bind('', `${long}zzz`), f.execute(''), f.sync()]));
    const messages = await untilReady(conn, 3);
    expect(errorCodes(messages)).to.deep.equal(['42P05']);
    expect(firstColumns(messages)).to.deep.equal(['7']);
  });

  it('frees the statements of a connection that closes', async () => {
    const before = await preparedCount();
    const c = await client();
    for (const name of ['one', 'two', 'three']) await c.query({ name, text: `SELECT '${name}'` });
    expect(await preparedCount()).to.equal(before + 3);
    await c.end();
    await eventually(async () => (await preparedCount()) === before, 'the statements freed');
  });

  it('frees the statements of a connection that is cut off in the middle of a transaction', async () => {
    const before = await preparedCount();
    const conn = await takenOverConnection(server.connectionString);
    conn.socket.write(Buffer.concat([f.parse('kept', 'SELECT 1'), f.parse('also', 'SELECT 2'), f.sync()]));
    await untilReady(conn, 1);
    expect(await preparedCount()).to.equal(before + 2);
    conn.socket.write(Buffer.concat([f.parse('', 'BEGIN'), f.bind('', ''), f.execute(''), f.sync()]));
    await untilReady(conn, 2);
    conn.socket.destroy();
    await eventually(async () => (await preparedCount()) === before, 'the statements freed');
  });

  it('runs many concurrent named queries of a pool, each connection preparing its own', async () => {
    const many = new pg.Pool({ connectionString: server.connectionString, max: 6 });
    try {
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          many.query<{ v: number; s: string }>({
            name: `shape-${i % 4}`,
            text: `SELECT $1::int AS v, $2::text || '-${i % 4}' AS s`,
            values: [i, `q${i}`],
          }),
        ),
      );
      results.forEach((r, i) => expect(r.rows[0]).to.deep.equal({ v: i, s: `q${i}-${i % 4}` }));
    } finally {
      await many.end();
    }
  });
});
