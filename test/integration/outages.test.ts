import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import express from 'express';
import pg from 'pg';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { config } from '../../src/config/env.js';
import { SESSION_COOKIE } from '../../src/config/session.js';
import { configureViews } from '../../src/config/views.js';
import { createKnex, db, setDb } from '../../src/db/knex.js';
import { errorHandler } from '../../src/middleware/error-handler.js';
import { pageLocals } from '../../src/middleware/locals.js';
import { requestId } from '../../src/middleware/request-id.js';
import { html, request, textOf } from '../helpers/app.js';

const UNAVAILABLE = 'Il servizio non è momentaneamente raggiungibile. Riprova tra qualche istante.';

/** An error as pg reports it for a server message (DatabaseError), with its SQLSTATE and severity. */
function serverError(code: string, message: string, severity = 'ERROR'): Error {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity });
}

/** A session cookie signed as express-session signs it, so that the store is asked for the session. */
function signedSessionCookie(sid: string): string {
  const signature = createHmac('sha256', config().sessionSecret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

const nodeError = (code: string): Error => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

/** Every way the database says it cannot serve us now, as the app would receive it. */
const OUTAGES: [string, () => unknown][] = [
  ['08000 connection_exception', () => serverError('08000', 'connection exception')],
  ['08001 sqlclient_unable_to_establish_sqlconnection', () => serverError('08001', 'could not connect to server')],
  ['08003 connection_does_not_exist', () => serverError('08003', 'connection does not exist')],
  [
    '08004 sqlserver_rejected_establishment_of_sqlconnection',
    () => serverError('08004', 'server rejected the connection', 'FATAL'),
  ],
  ['08006 connection_failure', () => serverError('08006', 'connection failure')],
  ['08007 transaction_resolution_unknown', () => serverError('08007', 'transaction resolution unknown')],
  ['08P01 protocol_violation', () => serverError('08P01', 'invalid message format', 'FATAL')],
  ['53000 insufficient_resources', () => serverError('53000', 'insufficient resources')],
  ['53100 disk_full', () => serverError('53100', 'could not extend file: No space left on device')],
  ['53200 out_of_memory', () => serverError('53200', 'out of memory')],
  ['53300 too_many_connections', () => serverError('53300', 'sorry, too many clients already', 'FATAL')],
  [
    '55000 database not accepting connections',
    () => serverError('55000', 'database "app" is not currently accepting connections', 'FATAL'),
  ],
  ['57P01 admin_shutdown', () => serverError('57P01', 'terminating connection due to administrator command', 'FATAL')],
  [
    '57P02 crash_shutdown',
    () => serverError('57P02', 'terminating connection because of crash of another server process', 'WARNING'),
  ],
  ['57P03 cannot_connect_now', () => serverError('57P03', 'the database system is starting up', 'FATAL')],
  ['ECONNREFUSED', () => nodeError('ECONNREFUSED')],
  ['ECONNRESET', () => nodeError('ECONNRESET')],
  ['ETIMEDOUT', () => nodeError('ETIMEDOUT')],
  ['pg: Connection terminated unexpectedly', () => new Error('Connection terminated unexpectedly')],
  [
    'pg: Connection terminated due to connection timeout',
    () => new Error('Connection terminated due to connection timeout'),
  ],
  ['knex: the SQL, then Connection terminated', () => new Error('select * from "users" - Connection terminated')],
  [
    'knex: pool acquire timeout',
    () =>
      Object.assign(
        new Error(
          'Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?',
        ),
        {
          name: 'KnexTimeoutError',
        },
      ),
  ],
];

/** Failures of the request or of our code, which stay "Si è verificato un errore imprevisto" (500). */
const NOT_OUTAGES: [string, () => unknown][] = [
  [
    '55000 raised by a query (a sequence not used yet)',
    () => serverError('55000', 'currval of sequence "s" is not yet defined in this session'),
  ],
  ['53400 configuration_limit_exceeded', () => serverError('53400', 'configuration limit exceeded')],
  [
    'knex: query timeout',
    () => Object.assign(new Error('Defined query timeout of 1000ms exceeded'), { name: 'KnexTimeoutError' }),
  ],
];

/** A bare app with the real views and error handler whose routes throw the error under test. */
function failingApp(make: () => unknown): express.Express {
  const app = express();
  configureViews(app, false);
  app.use(requestId);
  app.use(pageLocals);
  app.get(['/page', '/api/thing'], () => {
    throw make();
  });
  app.use(errorHandler);
  return app;
}

describe('a database that cannot serve requests', () => {
  describe('each unavailability code and network failure', () => {
    for (const [name, make] of OUTAGES) {
      it(`${name}: the Italian 503 page, and 503 JSON under /api`, async () => {
        const app = failingApp(make);
        const page = await supertest(app).get('/page').expect(503);
        const $ = html(page.text);
        expect(textOf($, 'main h1')).to.equal('Servizio non disponibile');
        expect(textOf($, 'main .lead')).to.equal(UNAVAILABLE);
        expect(page.headers['retry-after']).to.match(/^\d+$/);
        const api = await supertest(app).get('/api/thing').expect(503).expect('Content-Type', /json/);
        expect(api.body.error.message).to.equal(UNAVAILABLE);
        const asked = await supertest(app).get('/page').set('Accept', 'application/json').expect(503);
        expect(asked.body.error.message).to.equal(UNAVAILABLE);
      });
    }
  });

  describe('failures that are not an outage', () => {
    for (const [name, make] of NOT_OUTAGES) {
      it(`${name}: still "Si è verificato un errore imprevisto" (500)`, async () => {
        const res = await supertest(failingApp(make)).get('/page').expect(500);
        expect(textOf(html(res.text), 'main .lead')).to.equal('Si è verificato un errore imprevisto');
      });
    }
  });

  describe('GET /healthz', () => {
    it('answers 503 saying in Italian that the database is unreachable (a real refused connection)', async () => {
      const real = db();
      const unreachable = createKnex('postgres://postgres@127.0.0.1:9/none', 1);
      setDb(unreachable);
      try {
        const res = await request().get('/healthz').expect(503).expect('Content-Type', /json/);
        expect(res.body).to.deep.equal({
          status: 'unavailable',
          database: 'unreachable',
          message: 'Il database non è momentaneamente raggiungibile',
        });
      } finally {
        setDb(real);
        await unreachable.destroy();
      }
    });
  });

  describe('when the session store fails', () => {
    /** A pool for the session store whose every query fails with `err`. */
    const failingPool = (err: () => unknown): pg.Pool =>
      ({ query: () => Promise.reject(err()), on: () => undefined }) as unknown as pg.Pool;

    const stores: [string, () => pg.Pool][] = [
      [
        'refusing connections (55000)',
        () => failingPool(() => serverError('55000', 'database "app" is not currently accepting connections', 'FATAL')),
      ],
      [
        'out of connections (53300)',
        () => failingPool(() => serverError('53300', 'sorry, too many clients already', 'FATAL')),
      ],
      [
        'unreachable (a real refused connection)',
        () => new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none', max: 1 }),
      ],
    ];

    for (const [name, pool] of stores) {
      it(`${name}: a page that makes a CSRF token shows the 503 page, not an empty body`, async () => {
        const sessionPool = pool();
        try {
          const res = await supertest(createApp({ sessionPool })).get('/auth/login').expect(503);
          const $ = html(res.text);
          expect(textOf($, 'main h1')).to.equal('Servizio non disponibile');
          expect(textOf($, 'main .lead')).to.equal(UNAVAILABLE);
          expect(res.headers['set-cookie']).to.equal(undefined);
        } finally {
          if (sessionPool instanceof pg.Pool) await sessionPool.end();
        }
      });

      it(`${name}: a visitor whose session cannot be read gets the 503 page`, async () => {
        const sessionPool = pool();
        try {
          const res = await supertest(createApp({ sessionPool }))
            .get('/how-it-works')
            .set('Cookie', signedSessionCookie('a-session-id'))
            .expect(503);
          const $ = html(res.text);
          expect(textOf($, 'main h1')).to.equal('Servizio non disponibile');
          expect(textOf($, 'main .lead')).to.equal(UNAVAILABLE);
        } finally {
          if (sessionPool instanceof pg.Pool) await sessionPool.end();
        }
      });
    }
  });
});
