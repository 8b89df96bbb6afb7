import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase, watchingStatements } from '../helpers/db.js';
import {
  createBooking,
  createProvider,
  createReview,
  createService,
  createUserWithPassword,
} from '../factories/index.js';
import { createEdition } from '../factories/editions.js';
import { createViaForm, signInProvider, tokenOf, type SignedIn } from './service-catalogue.helpers.js';

// Search results and home are the same for every viewer, signed in or not: they are made once and shared
// (shared-parts.service), and each viewer's page puts its own header around them. What they show must follow
// every change of the catalogue at once, and nothing of a viewer may ever enter them.

interface Client {
  agent: Agent;
  email: string;
  company: string;
  bookingNumber: string;
}

/** A signed-in client with a company name and a booking of their own. */
async function client(company: string, serviceId: string): Promise<Client> {
  const user = await createUserWithPassword({ userType: 'client', companyName: company });
  const booking = await createBooking({ serviceId, clientId: user.id });
  return {
    agent: await loginAs(browser(), user.email, user.password),
    email: user.email,
    company,
    bookingNumber: booking.bookingNumber,
  };
}

/** A page as a viewer sees it: its header, and its main content (the part every viewer shares). */
async function page(agent: Agent | null, path: string): Promise<{ header: string; main: string }> {
  const res = agent ? await agent.get(path).expect(200) : await request().get(path).expect(200);
  const $ = html(res.text);
  // The message of the login that just happened is the viewer's own, shown once.
  $('main .toasts').remove();
  return { header: textOf($, 'header'), main: ($('main').html() ?? '').replace(/\s+/g, ' ') };
}

/** The titles of the cards a viewer's search shows. */
async function titles(agent: Agent, path: string): Promise<string[]> {
  const $ = html((await agent.get(path).expect(200)).text);
  // Found nothing: the cards shown are a relaxed search's suggestions, not what the query found.
  if ($('.search-relaxed').length) return [];
  return $('.service-card__title')
    .map((_, el) => $(el).text().trim())
    .get();
}

describe('search results and home shared by every viewer', () => {
  let owner: SignedIn;
  let rossi: Client;
  let bianchi: Client;
  let serviceId: string;

  before(async () => {
    await resetDatabase();
    owner = await signInProvider();
    const provider = await createProvider({ businessName: 'Condivisa Sicurezza Srl' });
    serviceId = (
      await createService({ providerId: provider.id, title: 'Corso Carrelli Elevatori', basePrice: '250.00' })
    ).id;
    await createService({ providerId: provider.id, title: 'Valutazione Rischio Rumore', category: 'workplace_safety' });
    rossi = await client('Officine Rossi Srl', serviceId);
    bianchi = await client('Carpenterie Bianchi Spa', serviceId);
  });

  const PAGES = ['/', '/services', '/search?q=carrelli', '/services/training', '/search?location=Milano&sort=distance'];

  it('a visitor and two signed-in clients see the same content; only the header is their own', async () => {
    for (const path of PAGES) {
      const visitor = await page(null, path);
      const first = await page(rossi.agent, path);
      const second = await page(bianchi.agent, path);
      expect(first.main, path).to.equal(visitor.main);
      expect(second.main, path).to.equal(visitor.main);
      expect(first.header, path).to.include(rossi.company).and.not.include(bianchi.company);
      expect(second.header, path).to.include(bianchi.company).and.not.include(rossi.company);
      for (const own of [rossi, bianchi]) {
        for (const field of [own.company, own.email, own.bookingNumber])
          expect(visitor.main, path).to.not.include(field);
      }
    }
    const api = async (agent: Agent | null) =>
      (agent ? await agent.get('/api/search?q=carrelli') : await request().get('/api/search?q=carrelli')).text;
    expect(await api(rossi.agent)).to.equal(await api(null));
    expect(await api(bianchi.agent)).to.equal(await api(null));
  });

  it("a signed-in client's next search shows a create, an edit, a pause, a price, a review and an edition", async () => {
    const path = '/search?q=ponteggi';
    expect(await titles(rossi.agent, path)).to.deep.equal([]);
    const id = await createViaForm(owner.agent, { title: 'Corso montaggio ponteggi' });
    expect(await titles(rossi.agent, path)).to.deep.equal(['Corso montaggio ponteggi']);
    await db()('services').where({ id }).update({ title: 'Corso montaggio e smontaggio ponteggi' });
    expect(await titles(bianchi.agent, path)).to.deep.equal(['Corso montaggio e smontaggio ponteggi']);
    const token = await tokenOf(owner.agent);
    await owner.agent.post(`/services/${id}/pause`).type('form').send({ _csrf: token }).expect(303);
    expect(await titles(rossi.agent, path)).to.deep.equal([]);
    await owner.agent.post(`/services/${id}/resume`).type('form').send({ _csrf: token }).expect(303);
    expect(await titles(rossi.agent, path)).to.deep.equal(['Corso montaggio e smontaggio ponteggi']);

    const card = async () =>
      textOf(html((await rossi.agent.get('/search?q=carrelli').expect(200)).text), '.service-card');
    expect(await card()).to.include('250 €');
    await db()('services').where({ id: serviceId }).update({ base_price: '199.00' });
    expect(await card())
      .to.include('199 €')
      .and.not.include('250 €');
    expect(await card()).to.not.include('recensioni');
    await createReview({ serviceId, rating: 4 });
    expect(await card()).to.include('1 recensione');
    const providerId = (await db()('services').where({ id: serviceId }).first('provider_id')).provider_id as string;
    expect(await card()).to.not.include('Prossima edizione');
    await createEdition({ serviceId, providerId });
    expect(await card()).to.include('Prossima edizione');
  });

  it("a visitor's first page asks for one snapshot, which its shared part is kept under and still ends at a change", async () => {
    const path = '/search?q=carrelli&sort=price_desc';
    const snapshots: string[] = [];
    const visitor = await watchingStatements(
      (q) => {
        if (/pg_current_snapshot/.test(q.sql)) snapshots.push(q.sql);
      },
      () => page(null, path),
    );
    expect(visitor.main).to.include('Corso Carrelli Elevatori');
    // The kept page's and the part's: one statement, not one each.
    expect(snapshots).to.have.length(1);
    await db()('services').where({ id: serviceId }).update({ title: 'Corso Carrelli Elevatori Semoventi' });
    // A signed-in client never reads the visitors' kept page: the part itself must have ended.
    expect(await titles(rossi.agent, path)).to.deep.equal(['Corso Carrelli Elevatori Semoventi']);
    await db()('services').where({ id: serviceId }).update({ title: 'Corso Carrelli Elevatori' });
  });

  it("the island's JSON leaves out the cards the page's HTML holds, and each card carries what the map shows", async () => {
    const res = await rossi.agent.get('/search?q=carrelli').expect(200);
    const $ = html(res.text);
    const props = JSON.parse($('script[data-island-props="search"]').text()) as { initial: Record<string, unknown> };
    expect(props.initial).to.not.have.property('cards');
    expect(props.initial.total).to.equal(1);
    expect(res.text).to.not.include('"bookHref"');
    const article = $('.service-list article.service-card');
    expect(article.attr('data-card')).to.equal(serviceId);
    expect(Number(article.attr('data-lat'))).to.be.closeTo(45.4642, 1e-6);
    expect(Number(article.attr('data-lng'))).to.be.closeTo(9.19, 1e-6);
  });
});
