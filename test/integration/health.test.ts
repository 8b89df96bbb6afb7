import { expect } from 'chai';
import { createKnex, db, setDb } from '../../src/db/knex.js';
import { request } from '../helpers/app.js';

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
});
