import { expect } from 'chai';
import { generateSync } from 'otplib';
import { db } from '../../src/db/knex.js';
import { registerJobs } from '../../src/jobs/registry.js';
import { runDueJobs } from '../../src/jobs/runner.js';
import { browser, html, request, textOf } from '../helpers/app.js';
import { csrfTokenOf, loginAs, type Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { createBooking, createService, createUserWithPassword, type UserWithPassword } from '../factories/index.js';
import { createEdition } from '../factories/editions.js';
import { corpus } from './security/corpus.js';
import { findStrings, postErasure } from './account-erasure.helpers.js';

const codeNow = (secret: string): string => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });

/** Two-factor sign-in turned on through its page; the secret and the recovery codes. */
async function enrol(agent: Agent): Promise<{ secret: string; codes: string[] }> {
  const $ = html((await agent.get('/account/two-factor').expect(200)).text);
  const secret = textOf($, '[data-totp-key]').replace(/\s+/g, '');
  const _csrf = await csrfTokenOf(agent, '/account/two-factor');
  const res = await agent
    .post('/account/two-factor/activation')
    .type('form')
    .send({ _csrf, code: codeNow(secret) })
    .expect(200);
  const page = html(res.text);
  return {
    secret,
    codes: page('.recovery-codes code')
      .map((_, e) => page(e).text())
      .get(),
  };
}

async function provider(): Promise<{ user: UserWithPassword; agent: Agent }> {
  const user = await createUserWithPassword({ userType: 'provider' });
  const agent = await loginAs(browser(), user.email, user.password);
  return { user, agent };
}

const accountOf = (id: string) => db()('users').where({ id }).first<{ email: string; company_name: string | null }>();

describe('Elimina account: what refuses it', () => {
  before(registerJobs);
  beforeEach(resetDatabase);

  it('an open booking or a place on a waiting list: 409, the list with links, nothing erased', async () => {
    const seller = await provider();
    const service = await createService({ providerId: seller.user.id, title: 'Corso preposti' });
    const client = await createUserWithPassword({ userType: 'client' });
    const agent = await loginAs(browser(), client.email, client.password);
    const booking = await createBooking({ serviceId: service.id, clientId: client.id, status: 'quoted' });
    const edition = await createEdition({ serviceId: service.id, providerId: seller.user.id });
    await db()('edition_waitlist').insert({
      edition_id: edition.id,
      client_id: client.id,
      seats: 1,
      status: 'waiting',
    });

    const $ = html((await agent.get('/account/deletion').expect(200)).text);
    expect($(`#open-items a[href="/bookings/${booking.id}"]`).text()).to.contain('Preventivo ricevuto');
    expect($('#open-items a[href="/waitlist"]').text()).to.contain('Corso preposti');
    expect($('form[action="/account/deletion"]')).to.have.length(0);

    const refused = await postErasure(agent, { currentPassword: client.password });
    expect(refused.status).to.equal(409);
    expect(textOf(html(refused.text), '#open-items [role="alert"]')).to.contain('chiudi le prenotazioni in corso');
    expect(await accountOf(client.id)).to.include({ email: client.email });

    // The provider of that booking is refused too, until it is closed.
    expect((await postErasure(seller.agent, { currentPassword: seller.user.password })).status).to.equal(409);
    await db()('bookings').where({ id: booking.id }).update({ status: 'cancelled', cancelled_at: db().fn.now() });
    await db()('edition_waitlist').where({ client_id: client.id }).update({ status: 'withdrawn' });
    expect((await postErasure(agent, { currentPassword: client.password })).status).to.equal(303);
    expect(await accountOf(client.id)).to.include({ company_name: 'Utente eliminato' });
  });

  it('with two-factor on: no code or a wrong one refused beside the field; a recovery code works once', async () => {
    const client = await createUserWithPassword({ userType: 'client' });
    const agent = await loginAs(browser(), client.email, client.password);
    const { codes } = await enrol(agent);
    expect(html((await agent.get('/account/deletion').expect(200)).text)('#f-deletion-code')).to.have.length(1);

    const missing = await postErasure(agent, { currentPassword: client.password, code: '' });
    expect(missing.status).to.equal(422);
    expect(textOf(html(missing.text), '#f-deletion-code-error')).to.contain("Inserisci il codice dell'app");
    const wrong = await postErasure(agent, { currentPassword: client.password, code: '000000' });
    expect(wrong.status).to.equal(422);
    expect(textOf(html(wrong.text), '#f-deletion-code-error')).to.contain('Il codice non è corretto');
    const badPassword = await postErasure(agent, { currentPassword: 'Sbagliata-2026', code: codes[0]! });
    expect(textOf(html(badPassword.text), '#f-currentPassword-error')).to.contain('La password attuale non è corretta');
    expect(await accountOf(client.id)).to.include({ email: client.email });

    expect((await postErasure(agent, { currentPassword: client.password, code: codes[0]! })).status).to.equal(303);
    expect(await db()('user_recovery_codes').where({ user_id: client.id })).to.have.length(0);
    expect(await accountOf(client.id)).to.include({ company_name: 'Utente eliminato' });
  });

  it("a provider's services leave the catalogue (410), their page goes, their past bookings stay", async () => {
    const seller = await provider();
    await seller.agent.get('/profile').expect(200);
    await db()('provider_profiles').where({ user_id: seller.user.id }).update({ business_name: 'Studio Svanito Srl' });
    const service = await createService({ providerId: seller.user.id, title: 'Valutazione rumore' });
    const client = await createUserWithPassword({ userType: 'client' });
    const past = await createBooking({ serviceId: service.id, clientId: client.id, status: 'completed' });
    await request().get(`/services/${service.id}`).expect(200);

    expect((await postErasure(seller.agent, { currentPassword: seller.user.password })).status).to.equal(303);
    const gone = await request().get(`/services/${service.id}`).expect(410);
    expect(gone.text).to.not.contain('Studio Svanito Srl');
    await request().get(`/providers/${seller.user.id}`).expect(404);
    expect(await db()('bookings').where({ id: past.id }).first()).to.include({ provider_id: seller.user.id });
    expect(await db()('services').where({ id: service.id }).first()).to.include({ status: 'archived' });
    // Once the confirmation is sent, nothing holds the address or the business name.
    await runDueJobs();
    expect(await findStrings(['Studio Svanito Srl', seller.user.email])).to.deep.equal([]);
  });

  it('hostile input in either field: a 4xx, never a 500, nothing echoed, nothing erased', async () => {
    const client = await createUserWithPassword({ userType: 'client' });
    const agent = await loginAs(browser(), client.email, client.password);
    await enrol(agent);
    for (const field of ['currentPassword', 'code']) {
      for (const hostile of corpus({ oversize: 20_000 })) {
        await db()('rate_limits').delete();
        const _csrf = await csrfTokenOf(agent, '/account/deletion');
        const others = field === 'code' ? { currentPassword: client.password } : { code: '123456' };
        const body = [
          `_csrf=${encodeURIComponent(_csrf)}`,
          ...Object.entries(others).map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
          ...hostile.encode(field),
        ].join('&');
        const res = await agent.post('/account/deletion').type('form').send(body);
        expect(res.status, `${field}: ${hostile.label}`).to.be.within(400, 499);
        if (hostile.mustNotEcho) expect(res.text, hostile.label).to.not.contain(hostile.mustNotEcho);
      }
    }
    expect(await accountOf(client.id)).to.include({ email: client.email });
  });
});
