import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { configureViews } from '../../src/config/views.js';
import { legal } from '../../src/controllers/pages.controller.js';
import { AppError } from '../../src/lib/app-error.js';
import { errorHandler } from '../../src/middleware/error-handler.js';
import { pageLocals } from '../../src/middleware/locals.js';
import { requestId } from '../../src/middleware/request-id.js';
import { html, request, textOf } from '../helpers/app.js';

/**
 * A bare app with the real views and error handler, and routes that fail on purpose. `production`: the views
 * as production renders them (compiled once, without the line tracking of compileDebug).
 */
function failingApp(production = false): express.Express {
  const app = express();
  configureViews(app, production);
  app.use(requestId);
  app.use(pageLocals);
  app.get('/boom', () => {
    throw new Error('secret internal detail');
  });
  app.get('/async-boom', async () => {
    await Promise.resolve();
    throw new TypeError('cannot read properties of undefined');
  });
  app.get('/conflict', () => {
    throw new AppError(409, 'conflict', 'errors:catalogue.unique_violation');
  });
  app.get('/api/boom', () => {
    throw new Error('secret internal detail');
  });
  app.get('/terms', legal('terms'));
  // A view that fails while it renders (its model lacks what the template reads).
  app.get('/view-boom', (_req, res) => res.render('pages/legal', {}));
  app.use(errorHandler);
  return app;
}

describe('the error handler', () => {
  const app = failingApp();

  it('shows unknown errors as an Italian 500 page with the request id and no stack trace', async () => {
    const res = await supertest(app).get('/boom').expect(500);
    const $ = html(res.text);
    expect(textOf($, 'main h1')).to.equal('Errore del server');
    expect(textOf($, 'main .lead')).to.equal('Si è verificato un errore imprevisto');
    const id = res.headers['x-request-id'] as string;
    expect($('main').text()).to.include(`Codice della richiesta: ${id}`);
    expect(res.text).not.to.include('secret internal detail');
    expect(res.text).not.to.match(/\n\s+at /);
  });

  it('catches rejected async handlers too (Express 5)', async () => {
    const res = await supertest(app).get('/async-boom').expect(500);
    expect(res.text).to.include('Si è verificato un errore imprevisto');
  });

  it('shows expected errors with their status and Italian message', async () => {
    const res = await supertest(app).get('/conflict').expect(409);
    expect(html(res.text)('main [role="alert"]').text()).to.equal('Questo dato è già presente nel sistema');
  });

  it('answers JSON under /api', async () => {
    const res = await supertest(app).get('/api/boom').expect(500);
    expect(res.body.error).to.include({ code: 'unknown', message: 'Si è verificato un errore imprevisto' });
    expect(res.body.error.requestId).to.equal(res.headers['x-request-id']);
  });
});

describe('views as production renders them', () => {
  const production = failingApp(true);

  it('give the same page as in development, twice (compiled once)', async () => {
    const expected = (await supertest(failingApp(false)).get('/terms').expect(200)).text;
    expect(textOf(html(expected), 'main h1')).to.equal('Termini e Condizioni');
    for (let i = 0; i < 2; i += 1) {
      const res = await supertest(production).get('/terms').expect(200);
      expect(res.text.replace(/[0-9a-f-]{36}/g, 'ID')).to.equal(expected.replace(/[0-9a-f-]{36}/g, 'ID'));
    }
  });

  it('a view that fails while rendering is the Italian 500 page, without the error or a stack', async () => {
    const res = await supertest(production).get('/view-boom').expect(500);
    expect(textOf(html(res.text), 'main h1')).to.equal('Errore del server');
    expect(res.text).not.to.include('legal.ejs');
    expect(res.text).not.to.match(/\n\s+at /);
  });
});

describe('requests that fail before the session is read', () => {
  it('a malformed JSON body gets the Italian "Richiesta non valida" page (400), with the layout', async () => {
    const res = await request().post('/auth/login').set('Content-Type', 'application/json').send('{bad').expect(400);
    const $ = html(res.text);
    expect($('main [role="alert"]').text()).to.equal('Richiesta non valida');
    expect($('header a[href^="/auth/login"]').text()).to.equal('Accedi');
  });

  it('a form over 200 kB gets "Il contenuto inviato è troppo grande" (413)', async () => {
    const res = await request()
      .post('/auth/login')
      .type('form')
      .send(`email=${'a'.repeat(300_000)}`)
      .expect(413);
    expect(html(res.text)('main [role="alert"]').text()).to.equal('Il contenuto inviato è troppo grande');
  });

  it('a path that cannot be decoded is the 404 page, like any unknown address', async () => {
    const res = await request().get('/services/%E0%A4%A').expect(404);
    expect(textOf(html(res.text), 'main h1')).to.equal('Pagina non trovata');
  });
});
