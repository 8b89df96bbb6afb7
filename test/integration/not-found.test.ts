import { expect } from 'chai';
import { createUserWithPassword } from '../factories/index.js';
import { loginAs } from '../helpers/auth.js';
import { browser, html, request, textOf, type Page } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

function expectNotFoundPage($: Page, title: string): void {
  expect(textOf($, 'h1')).to.equal(title);
  expect($('title').text()).to.include(title);
  expect($('meta[name="robots"]').attr('content')).to.equal('noindex');
}

describe('One not-found path: each missing resource gets its own page from the error handler', () => {
  before(resetDatabase);

  it('an unknown service answers 404 "Servizio non trovato"', async () => {
    const res = await request().get(`/services/${UNKNOWN}`).expect(404);
    expectNotFoundPage(html(res.text), 'Servizio non trovato');
  });

  it('an unknown provider answers 404 "Fornitore non trovato"', async () => {
    const res = await request().get(`/providers/${UNKNOWN}`).expect(404);
    expectNotFoundPage(html(res.text), 'Fornitore non trovato');
  });

  it('an unknown booking answers 404 "Prenotazione non trovata"', async () => {
    const client = await createUserWithPassword({ userType: 'client' });
    const agent = await loginAs(browser(), client.email, client.password);
    const res = await agent.get(`/bookings/${UNKNOWN}`).expect(404);
    expectNotFoundPage(html(res.text), 'Prenotazione non trovata');
  });

  it("the booking wizard of an unknown service answers 404 with the wizard's own page", async () => {
    const res = await request().get(`/services/${UNKNOWN}/book`).expect(404);
    const $ = html(res.text);
    expectNotFoundPage($, 'Servizio non trovato');
    expect(textOf($, 'body')).to.include('Il servizio che stai cercando di prenotare non esiste.');
  });

  it('any other address answers 404 "Pagina non trovata", and JSON under /api/', async () => {
    const page = html((await request().get('/no-such-page').expect(404)).text);
    expect(textOf(page, 'h1')).to.equal('Pagina non trovata');
    const api = await request().get('/api/no-such-endpoint').expect(404);
    expect(api.body.error.code).to.equal('not_found');
  });
});
