import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import {
  createBooking,
  createProvider,
  createService,
  createUser,
  createUserWithPassword,
} from '../factories/index.js';
import { createWorker } from '../factories/workers-training.js';
import { csrfTokenOf, loginAs } from '../helpers/auth.js';
import { browser, html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

const join = (organisationId: string, personId: string, role: string) =>
  db()('memberships').insert({ organisation_id: organisationId, user_id: personId, role });

const workersOn = async (agent: ReturnType<typeof browser>) => {
  const $ = html((await agent.get('/workers').expect(200)).text);
  return $('.workers-table tbody tr')
    .map((_, tr) => $(tr).text().replace(/\s+/g, ' ').trim())
    .get();
};

describe('organisations: one person, several companies', () => {
  beforeEach(resetDatabase);

  it('an external RSPP switches between two client companies: workers, header and count follow the one in use', async () => {
    const rspp = await createUserWithPassword({ companyName: 'Studio RSPP Bianchi' });
    const other = await createUser({ companyName: 'Officine Verdi Srl' });
    await db()('client_profiles')
      .insert({ user_id: other.id, company_name: 'Officine Verdi Srl' })
      .onConflict()
      .ignore();
    await join(other.id, rspp.id, 'safety');
    await createWorker(other.id, { firstName: 'Anna', lastName: 'Verdi' });
    const provider = await createProvider();
    const service = await createService({ providerId: provider.id });
    for (let i = 0; i < 3; i += 1) await createBooking({ serviceId: service.id, clientId: other.id });
    const agent = await loginAs(browser(), rspp.email, rspp.password);
    const stats = async () => {
      const page = html((await agent.get('/dashboard').expect(200)).text);
      return page('[data-stat]')
        .map((_, li) => `${page(li).attr('data-stat')}=${page(li).find('.stat__value').text().trim()}`)
        .get();
    };
    const own = await stats();

    expect(await workersOn(agent)).to.deep.equal([]);
    const list = html((await agent.get('/account/organizzazioni').expect(200)).text);
    expect(textOf(list, '.organisation-list')).to.contain('Officine Verdi Srl').and.contain('Responsabile sicurezza');

    const token = await csrfTokenOf(agent, '/account/organizzazioni');
    await agent
      .post('/account/organizzazioni')
      .type('form')
      .send({ _csrf: token, organisationId: other.id })
      .expect(303)
      .expect('Location', '/dashboard');
    const $ = html((await agent.get('/dashboard').expect(200)).text);
    expect(textOf($, '.user-menu__name')).to.equal('Officine Verdi Srl');
    expect($('.user-menu__list a[href="/account/organizzazioni"]').text()).to.equal('Cambia organizzazione');
    expect(textOf($, '.org-context')).to.contain('Lavori per Officine Verdi Srl · Responsabile sicurezza');
    expect((await workersOn(agent)).join(' ')).to.contain('Verdi');
    // Every figure of the dashboard is the company's in use: three bookings there, none of the RSPP's own.
    const theirs = await stats();
    expect(theirs).to.have.length(own.length).and.not.deep.equal(own);
    expect(theirs.find((s) => s.startsWith('total='))).to.equal('total=3');
  });

  it('refuses to switch to an organisation one does not belong to (404), and keeps the one in use', async () => {
    const person = await createUserWithPassword();
    const stranger = await createUser();
    await createWorker(stranger.id, { firstName: 'Segreto', lastName: 'Altrui' });
    const agent = await loginAs(browser(), person.email, person.password);
    const token = await csrfTokenOf(agent, '/account/organizzazioni');
    await agent
      .post('/account/organizzazioni')
      .type('form')
      .send({ _csrf: token, organisationId: stranger.id })
      .expect(404);
    expect((await workersOn(agent)).join(' ')).to.not.contain('Altrui');
    // One organisation: no bar saying which, no switch in the menu.
    const $ = html((await agent.get('/dashboard').expect(200)).text);
    expect($('.org-context')).to.have.length(0);
    expect($('.user-menu__list a[href="/account/organizzazioni"]')).to.have.length(0);
  });

  it('Amministrazione reads the workers register but may not change it: "Il tuo ruolo non lo consente" (403)', async () => {
    const company = await createUser();
    const accounts = await createUserWithPassword();
    await db()('memberships').where({ user_id: accounts.id }).delete();
    await db()('organisations').where({ id: accounts.id }).delete();
    await join(company.id, accounts.id, 'accounts');
    await createWorker(company.id, { firstName: 'Luca', lastName: 'Neri' });
    const agent = await loginAs(browser(), accounts.email, accounts.password);
    expect((await workersOn(agent)).join(' ')).to.contain('Neri');
    const token = await csrfTokenOf(agent, '/workers');
    const res = await agent
      .post('/workers')
      .type('form')
      .send({ _csrf: token, firstName: 'Nuovo', lastName: 'Lavoratore' })
      .expect(403);
    expect(textOf(html(res.text), 'h1')).to.equal('Il tuo ruolo non lo consente');
    const [kept] = await db()('workers').where({ client_id: company.id }).count<{ n: string | number }[]>({ n: '*' });
    expect(Number(kept!.n)).to.equal(1);
  });

  it('a member removed mid-session no longer acts for that organisation at the next request', async () => {
    const company = await createUser();
    const member = await createUserWithPassword();
    await join(company.id, member.id, 'safety');
    await createWorker(company.id, { firstName: 'Paolo', lastName: 'Riservato' });
    const agent = await loginAs(browser(), member.email, member.password);
    const token = await csrfTokenOf(agent, '/account/organizzazioni');
    await agent.post('/account/organizzazioni').type('form').send({ _csrf: token, organisationId: company.id });
    expect((await workersOn(agent)).join(' ')).to.contain('Riservato');
    await db()('memberships').where({ organisation_id: company.id, user_id: member.id }).delete();
    expect((await workersOn(agent)).join(' ')).to.not.contain('Riservato');
  });

  it('a person who belongs to no organisation any more is signed out', async () => {
    const company = await createUser();
    const member = await createUserWithPassword();
    await db()('memberships').where({ user_id: member.id }).delete();
    await join(company.id, member.id, 'safety');
    const agent = await loginAs(browser(), member.email, member.password);
    await agent.get('/workers').expect(200);
    await db()('memberships').where({ user_id: member.id }).delete();
    await agent.get('/workers').expect(303);
  });
});
