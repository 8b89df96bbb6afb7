import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { hashPassword } from '../../../src/services/accounts.service.js';
import { browser, html } from '../../helpers/app.js';
import { csrfTokenOf, loginAs } from '../../helpers/auth.js';
import { resetDatabase } from '../../helpers/db.js';
import { createProvider, createService, createUserWithPassword } from '../../factories/index.js';
import { auditRows, operatorAgent, post } from './operator.helpers.js';

const PASSWORD = 'Fornitore2026!';

async function signIn(email: string, password: string) {
  const agent = browser();
  const _csrf = await csrfTokenOf(agent, '/auth/login');
  return agent.post('/auth/login').type('form').send({ _csrf, email, password });
}

describe('the console: suspending and reactivating', () => {
  beforeEach(resetDatabase);

  it('a reason and a confirmation are required, each with its message beside the field', async () => {
    const { agent } = await operatorAgent();
    const provider = await createProvider({ businessName: 'Studio Sospeso' });
    const page = `/admin/organizzazioni/${provider.id}`;
    const res = await post(agent, `${page}/sospensione`, { reason: '' }, page);
    expect(res.status).to.equal(422);
    const $ = html(res.text);
    expect($('#f-reason-error').text().trim()).to.equal('Scrivi il motivo');
    expect($('#f-confirm-error').text().trim()).to.equal('Spunta la conferma per procedere');
    expect($('.error-summary').length).to.equal(1);
    expect(await auditRows()).to.have.length(0);
  });

  it('a suspended provider leaves search and its page, its people are signed out and cannot sign in; reactivated, it is back', async () => {
    const { agent, id: operatorId } = await operatorAgent();
    const provider = await createProvider({
      email: 'studio@esempio.it',
      businessName: 'Studio Sospeso',
      passwordHash: await hashPassword(PASSWORD),
    });
    await createService({ providerId: provider.id, title: 'Corso antincendio sospeso' });
    const member = await loginAs(browser(), provider.email, PASSWORD);
    await browser().get(`/providers/${provider.id}`).expect(200);
    const before = await browser().get('/services?q=antincendio').expect(200);
    expect(html(before.text)('main').text()).to.include('Corso antincendio sospeso');

    const page = `/admin/organizzazioni/${provider.id}`;
    const res = await post(agent, `${page}/sospensione`, { reason: 'Recensioni false', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    const shown = html((await agent.get(page).expect(200)).text);
    expect(shown('h1 .badge').text()).to.match(/^Sospeso dal /);

    const [row] = await auditRows();
    expect(row).to.include({
      operator_id: operatorId,
      action: 'organisation.suspend',
      subject_type: 'organisation',
      subject_id: provider.id,
      reason: 'Recensioni false',
    });
    expect(row.before).to.deep.equal({ suspendedAt: null });
    expect(row.after.suspendedAt).to.be.a('string');

    // The member's session has ended at once, and signing in again is refused with a clear message.
    const ended = await member.get('/dashboard');
    expect(ended.status).to.equal(401);
    const refused = await signIn(provider.email, PASSWORD);
    expect(refused.status).to.equal(401);
    expect(html(refused.text)('main').text()).to.include('Questo account è sospeso');
    await browser().get(`/providers/${provider.id}`).expect(404);
    const during = await browser().get('/services?q=antincendio').expect(200);
    expect(html(during.text)('main').text()).to.not.include('Corso antincendio sospeso');

    const back = await post(agent, `${page}/riattivazione`, { reason: 'Chiarito', confirm: '1' }, page);
    expect(back.status).to.equal(303);
    const rows = await auditRows();
    expect(rows).to.have.length(2);
    expect(rows[1]).to.include({ action: 'organisation.reactivate', reason: 'Chiarito' });
    expect(rows[1].before).to.deep.equal(row.after);
    expect(rows[1].after).to.deep.equal({ suspendedAt: null });
    await browser().get(`/providers/${provider.id}`).expect(200);
    await loginAs(browser(), provider.email, PASSWORD);
  });

  it('a suspended person is signed out and cannot sign in, and is listed as suspended', async () => {
    const { agent, id: operatorId } = await operatorAgent();
    const person = await createUserWithPassword({ userType: 'client', email: 'mario@esempio.it' });
    const session = await loginAs(browser(), person.email, person.password);
    const page = `/admin/persone/${person.id}`;
    const list = html((await agent.get('/admin/persone?q=mario').expect(200)).text);
    expect(list(`a[href="${page}"]`).text()).to.equal('mario@esempio.it');
    const res = await post(agent, `${page}/sospensione`, { reason: 'Richiesta del titolare', confirm: '1' }, page);
    expect(res.status).to.equal(303);
    expect((await session.get('/dashboard')).status).to.equal(401);
    const refused = await signIn(person.email, person.password);
    expect(refused.status).to.equal(401);
    expect(html(refused.text)('main').text()).to.include('Questo account è sospeso');
    const [row] = await auditRows();
    expect(row).to.include({ operator_id: operatorId, action: 'person.suspend', subject_id: person.id });
    expect(await db()('sessions').whereRaw(`(sess -> 'passport' ->> 'user') = ?`, [person.id])).to.have.length(0);
  });

  it('lists an organisation found by Partita IVA, with its members and open bookings', async () => {
    const { agent } = await operatorAgent();
    const provider = await createProvider({ businessName: 'Studio Rossi' });
    const vat = (await db()('provider_profiles').where({ user_id: provider.id }).first()).vat_number as string | null;
    const found = html((await agent.get(`/admin/organizzazioni?q=${vat ?? 'Rossi'}`).expect(200)).text);
    expect(found(`a[href="/admin/organizzazioni/${provider.id}"]`).text()).to.equal('Studio Rossi');
    const detail = html((await agent.get(`/admin/organizzazioni/${provider.id}`).expect(200)).text);
    expect(detail('main').text()).to.include(provider.email).and.include('Nessuna prenotazione aperta.');
    await agent.get('/admin/organizzazioni/00000000-0000-4000-8000-000000000000').expect(404);
  });
});
