import { expect } from 'chai';
import pg from 'pg';
import { startServer, type TestServer } from './helpers.js';

/**
 * The embedded database serves one PostgreSQL session to many pooled connections. These tests prove it
 * behaves like a server for what an application does: interleaved extended-protocol queries, transactions
 * that exclude others until they end, and failures that do not leave it stuck.
 */
describe('pg-embedded-server', function () {
  this.timeout(60_000);
  let embedded: TestServer;
  let pool: pg.Pool;

  before(async () => {
    embedded = await startServer({ idleTimeoutMs: 5000 });
    pool = new pg.Pool({ connectionString: embedded.connectionString, max: 8 });
    await pool.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
    await pool.query('INSERT INTO counters VALUES (1, 0)');
  });

  after(async () => {
    await pool.end();
    await embedded.close();
  });

  it('answers many concurrent parameterised queries each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        pool.query<{ v: number; s: string }>('SELECT $1::int AS v, $2::text AS s', [i, `q${i}`]),
      ),
    );
    results.forEach((r, i) => expect(r.rows[0]).to.deep.equal({ v: i, s: `q${i}` }));
  });

  it('runs concurrent read-modify-write transactions one after the other: no lost update', async () => {
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const { rows } = await client.query<{ n: number }>('SELECT n FROM counters WHERE id = $1', [1]);
          await new Promise((r) => setTimeout(r, 2));
          await client.query('UPDATE counters SET n = $1 WHERE id = $2', [rows[0]!.n + 1, 1]);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await pool.query<{ n: number }>('SELECT n FROM counters WHERE id = 1');
    expect(rows[0]!.n).to.equal(40);
  });

  it('keeps serving after failing statements, inside and outside transactions', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          if (i % 3 === 0) await client.query('SELECT * FROM no_such_table');
          await client.query('SELECT $1::int', [i]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        } finally {
          client.release();
        }
      }),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).to.have.length(10);
    const { rows } = await pool.query<{ ok: number }>('SELECT 1 AS ok');
    expect(rows[0]!.ok).to.equal(1);
  });

  it('rolls back the open transaction of a connection that goes away', async () => {
    const client = new pg.Client({ connectionString: embedded.connectionString });
    await client.connect();
    await client.query('BEGIN');
    await client.query('UPDATE counters SET n = 999 WHERE id = 1');
    client.on('error', () => undefined);
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const { rows } = await pool.query<{ n: number }>('SELECT n FROM counters WHERE id = 1');
    expect(rows[0]!.n).to.equal(40);
  });
});
