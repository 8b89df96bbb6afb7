import { expect } from 'chai';
import { createKnex, db, setDb } from '../../src/db/knex.js';
import type { Socket } from 'node:net';
import { browser, request } from '../helpers/app.js';
import { testDatabase } from '../helpers/db.js';

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} when the database answers', async () => {
    const res = await request().get('/healthz').expect(200).expect('Content-Type', /json/);
    expect(res.body).to.deep.equal({ status: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const real = db();
    // Port 9 (discard) has nothing listening on loopback: connections are refused at once.
    const unreachable = createKnex('postgres://postgres@127.0.0.1:9/none', 1);
    setDb(unreachable);
    try {
      const res = await request().get('/healthz').expect(503);
      expect(res.body.status).to.equal('unavailable');
    } finally {
      setDb(real);
      await unreachable.destroy();
    }
  });

  it('shows the home page as "service unavailable" (503), not a stack trace, while the database is down', async () => {
    const real = db();
    const unreachable = createKnex('postgres://postgres@127.0.0.1:9/none', 1);
    setDb(unreachable);
    try {
      const res = await request().get('/').expect(503);
      expect(res.text).to.include('Il servizio non è momentaneamente raggiungibile');
      expect(res.text).to.match(/Codice della richiesta: [0-9a-f-]{36}/);
      expect(res.text).not.to.include('ECONNREFUSED');
      expect(res.text).not.to.match(/\n\s+at /);
    } finally {
      setDb(real);
      await unreachable.destroy();
    }
  });

  it('keeps serving when the database ends an idle connection of the session store (restart, failover)', async () => {
    const pool = testDatabase().sessionPool;
    const client = await pool.connect();
    client.release();
    const idleBefore = pool.idleCount;
    // The server going away looks like this to the idle client: its socket closes. Without a listener on
    // the pool, the 'error' it emits would end the process (here: an uncaught error failing this test).
    (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    for (let i = 0; i < 100 && pool.idleCount >= idleBefore; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(pool.idleCount).to.be.below(idleBefore);
    // A page that stores a session still works: the pool opens a new connection.
    const res = await browser().get('/auth/login').expect(200);
    expect(String(res.headers['set-cookie'])).to.include('sicurhub.sid=');
  });
});
